import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPSTREAM_ERROR_GUIDE } from "@/lib/cloud-api/upstream-error-guide";
import { db } from "@/lib/db";
import type { Sandbox } from "@/sandbox/server";
import { createTestOrg, eventually, hangLimit, randomPhone, type TestChannel } from "@/scripts/test/helpers";
import {
  channelAt,
  envelope,
  eventsNamed,
  openWindowAt,
  postNotification,
  quietSandbox,
  sendMessage,
  waitProcessed,
} from "@/scripts/test/inbound-helpers";
import { sandboxAt } from "@/scripts/test/sandbox-client";

// statuses come only when a test posts them: a sandbox of our own that sends none by itself
let sb: Sandbox;
beforeAll(async () => {
  sb = await quietSandbox();
});
afterAll(async () => {
  await sb?.close();
});

/** Names of the Event rows about one message (data.messageId), oldest first. */
async function messageEventNames(orgId: string, messageId: string): Promise<string[]> {
  const events = await db().event.findMany({
    where: { organizationId: orgId, data: { path: ["messageId"], equals: messageId } },
    orderBy: { createdAt: "asc" },
  });
  // events written in one transaction (a `read` that implies `delivered`) can share their time
  return events
    .map((e, i) => ({ name: e.name, at: e.createdAt.getTime(), i }))
    .sort((a, b) => a.at - b.at || LIFE.indexOf(a.name) - LIFE.indexOf(b.name) || a.i - b.i)
    .map((e) => e.name);
}

const LIFE = ["message.sent", "message.delivered", "message.read", "message.failed"];

async function waitForMessageStatus(messageId: string, statuses: string[], ms = hangLimit()) {
  return eventually(async () => {
    const m = await db().message.findUnique({ where: { id: messageId } });
    return m && statuses.includes(m.status) ? m : undefined;
  }, ms);
}

/**
 * An outbound text sent through POST /v1/whatsapp/messages in an open window: by a new
 * organization, or through the channel of an earlier one (`on`).
 */
async function sentMessage(on?: { key: string; orgId: string; channel: TestChannel }) {
  const { key, orgId } = on ?? (await createTestOrg());
  const channel = on?.channel ?? (await channelAt(orgId, sb.url));
  const to = randomPhone();
  await openWindowAt(orgId, sb.url, channel.phoneNumberId, to);
  const res = await sendMessage(key, { to, type: "text", text: { body: "status me" } });
  expect(res.status, res.text).toBe(200);
  const messageId: string = res.body.data.messageId;
  const whatsappMessageId: string = res.body.data.whatsappMessageId;
  const row = await db().message.findUniqueOrThrow({ where: { id: messageId } });
  expect(row.status).toBe("sent");
  return { key, orgId, channel, messageId, whatsappMessageId, row };
}

let clock = Math.floor(Date.now() / 1000);
/** Distinct, increasing upstream timestamps (seconds) so each status can be told apart. */
const tick = () => ++clock;

async function postStatus(messageId: string, status: string, extra: Record<string, unknown> = {}) {
  const res = await sandboxAt(sb.url, "/_sandbox/statuses", "POST", {
    message_id: messageId,
    status,
    ...extra,
  });
  expect(res.body?.status, JSON.stringify(res.body)).toBe(200);
}

async function eventData(orgId: string, name: string, messageId: string) {
  const events = (await eventsNamed(orgId, name)).filter((e) => e.data.messageId === messageId);
  expect(events, `${name} events of ${messageId}`).toHaveLength(1);
  return events[0]?.data;
}

describe("status notifications move an outbound Message forward", () => {
  it("sent → delivered → read: status, timestamps and one event each with the data of design.md", async () => {
    const m = await sentMessage();
    const [sentAt, deliveredAt, readAt] = [tick(), tick(), tick()];
    await postStatus(m.whatsappMessageId, "sent", { timestamp: sentAt });
    await postStatus(m.whatsappMessageId, "delivered", { timestamp: deliveredAt });
    await waitForMessageStatus(m.messageId, ["delivered"]);
    await postStatus(m.whatsappMessageId, "read", { timestamp: readAt });
    const read = await waitForMessageStatus(m.messageId, ["read"]);
    expect(read.deliveredAt?.getTime()).toBe(deliveredAt * 1000);
    expect(read.readAt?.getTime()).toBe(readAt * 1000);

    await waitProcessed(m.whatsappMessageId, 3);
    expect(await messageEventNames(m.orgId, m.messageId)).toEqual([
      "message.sent",
      "message.delivered",
      "message.read",
    ]);
    const common = {
      messageId: m.messageId,
      whatsappMessageId: m.whatsappMessageId,
      conversationId: m.row.conversationId,
      contactId: m.row.contactId,
      channelId: m.channel.channelId,
    };
    // the upstream's pricing (a text in the window: a service message, billed since October
    // 2026); `read` carries none of its own, so the one stored from `delivered` is passed on
    const pricing = {
      billable: true,
      pricingModel: "PMP",
      category: "service",
      type: "regular",
    };
    expect(await eventData(m.orgId, "message.delivered", m.messageId)).toStrictEqual({
      ...common,
      status: "delivered",
      timestamp: new Date(deliveredAt * 1000).toISOString(),
      pricing,
    });
    expect(await eventData(m.orgId, "message.read", m.messageId)).toStrictEqual({
      ...common,
      status: "read",
      timestamp: new Date(readAt * 1000).toISOString(),
      pricing,
    });
    expect((await db().message.findUniqueOrThrow({ where: { id: m.messageId } })).pricingCategory).toBe(
      "service",
    );
    expect(m.row.conversationId).not.toBeNull();
  });

  it("out of order (read, then delivered, then sent): read implies delivered once, never moves backwards, no late event", async () => {
    const m = await sentMessage();
    const readAt = tick();
    await postStatus(m.whatsappMessageId, "read", { timestamp: readAt });
    const read = await waitForMessageStatus(m.messageId, ["read"]);
    await postStatus(m.whatsappMessageId, "delivered", { timestamp: tick() });
    await postStatus(m.whatsappMessageId, "sent", { timestamp: tick() });
    await waitProcessed(m.whatsappMessageId, 3);

    const after = await db().message.findUniqueOrThrow({ where: { id: m.messageId } });
    expect(after.status).toBe("read");
    expect(after.readAt).toEqual(read.readAt);
    expect(after.deliveredAt).toEqual(read.deliveredAt);
    expect(await messageEventNames(m.orgId, m.messageId)).toEqual([
      "message.sent",
      "message.delivered",
      "message.read",
    ]);
    // the implied delivered carries the read's time
    const delivered = await db().event.findFirstOrThrow({
      where: {
        organizationId: m.orgId,
        name: "message.delivered",
        data: { path: ["messageId"], equals: m.messageId },
      },
    });
    expect(delivered.data).toMatchObject({
      status: "delivered",
      timestamp: new Date(readAt * 1000).toISOString(),
    });
  });

  it("failed with upstream errors → Message failed and message.failed with error {code, message}", async () => {
    const m = await sentMessage();
    const failedAt = tick();
    await postStatus(m.whatsappMessageId, "failed", {
      timestamp: failedAt,
      errors: [{ code: 131049, message: "not delivered to maintain healthy ecosystem engagement" }],
    });
    const failed = await waitForMessageStatus(m.messageId, ["failed"]);
    expect(failed).toMatchObject({ errorCode: "131049" });
    expect(failed.failedAt?.getTime()).toBe(failedAt * 1000);
    expect(await eventData(m.orgId, "message.failed", m.messageId)).toStrictEqual({
      messageId: m.messageId,
      whatsappMessageId: m.whatsappMessageId,
      conversationId: m.row.conversationId,
      contactId: m.row.contactId,
      channelId: m.channel.channelId,
      status: "failed",
      timestamp: new Date(failedAt * 1000).toISOString(),
      error: {
        code: 131049,
        message: "not delivered to maintain healthy ecosystem engagement",
        hint: UPSTREAM_ERROR_GUIDE[131049]?.hint,
      },
    });
  });

  it("failed after delivered is allowed; a delivered after failed changes nothing", async () => {
    const m = await sentMessage();
    await postStatus(m.whatsappMessageId, "delivered", { timestamp: tick() });
    await waitForMessageStatus(m.messageId, ["delivered"]);
    await postStatus(m.whatsappMessageId, "failed", { timestamp: tick() });
    await waitForMessageStatus(m.messageId, ["failed"]);
    await postStatus(m.whatsappMessageId, "delivered", { timestamp: tick() });
    await waitProcessed(m.whatsappMessageId, 3);
    expect((await db().message.findUniqueOrThrow({ where: { id: m.messageId } })).status).toBe("failed");
    expect(await messageEventNames(m.orgId, m.messageId)).toEqual([
      "message.sent",
      "message.delivered",
      "message.failed",
    ]);
    // failed without errors: the sandbox reports 131026, as the upstream does
    expect((await eventData(m.orgId, "message.failed", m.messageId)).error).toStrictEqual({
      code: 131026,
      message: "Message undeliverable",
      hint: UPSTREAM_ERROR_GUIDE[131026]?.hint,
    });
  });

  it("the identical signed status notification twice → one status change, one event", async () => {
    const m = await sentMessage();
    const deliveredAt = tick();
    const raw = JSON.stringify(
      envelope(m.channel.phoneNumberId, {
        statuses: [
          {
            id: m.whatsappMessageId,
            status: "delivered",
            timestamp: String(deliveredAt),
            recipient_id: m.row.phone?.slice(1),
            biz_opaque_callback_data: m.messageId,
          },
        ],
      }),
    );
    expect((await postNotification(raw)).status).toBe(200);
    expect((await postNotification(raw)).status).toBe(200);
    await waitProcessed(m.whatsappMessageId, 2);
    expect(await messageEventNames(m.orgId, m.messageId)).toEqual(["message.sent", "message.delivered"]);
    const row = await db().message.findUniqueOrThrow({ where: { id: m.messageId } });
    expect(row.status).toBe("delivered");
    expect(row.deliveredAt?.getTime()).toBe(deliveredAt * 1000);
  });

  it("ten identical read notifications at once → read once, one message.read", async () => {
    const m = await sentMessage();
    const raw = JSON.stringify(
      envelope(m.channel.phoneNumberId, {
        statuses: [{ id: m.whatsappMessageId, status: "read", timestamp: String(tick()) }],
      }),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => postNotification(raw)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    await waitProcessed(m.whatsappMessageId, 10);
    expect(await messageEventNames(m.orgId, m.messageId)).toEqual([
      "message.sent",
      "message.delivered",
      "message.read",
    ]);
  });

  it("a status found only by biz_opaque_callback_data (its wamid never stored) moves the message; the notification is marked", async () => {
    const m = await sentMessage();
    // the worker died after the upstream accepted the send, before it stored the wamid
    await db().message.update({ where: { id: m.messageId }, data: { whatsappMessageId: null } });
    const deliveredAt = tick();
    const raw = JSON.stringify(
      envelope(m.channel.phoneNumberId, {
        statuses: [
          {
            id: m.whatsappMessageId,
            status: "delivered",
            timestamp: String(deliveredAt),
            recipient_id: m.row.phone?.slice(1),
            biz_opaque_callback_data: m.messageId,
          },
        ],
      }),
    );
    expect((await postNotification(raw)).status).toBe(200);
    await waitProcessed(m.whatsappMessageId, 1);
    const row = await db().message.findUniqueOrThrow({ where: { id: m.messageId } });
    expect(row.status).toBe("delivered");
    expect(row.whatsappMessageId).toBe(m.whatsappMessageId);
    expect(row.deliveredAt?.getTime()).toBe(deliveredAt * 1000);
    expect(await messageEventNames(m.orgId, m.messageId)).toEqual(["message.sent", "message.delivered"]);
  });

  it("one notification of two statuses (two messages of its number) applies both", async () => {
    const a = await sentMessage();
    const b = await sentMessage(a);
    const raw = JSON.stringify(
      envelope(a.channel.phoneNumberId, {
        statuses: [
          {
            id: a.whatsappMessageId,
            status: "delivered",
            timestamp: String(tick()),
            biz_opaque_callback_data: a.messageId,
          },
          {
            id: b.whatsappMessageId,
            status: "read",
            timestamp: String(tick()),
            biz_opaque_callback_data: b.messageId,
          },
        ],
      }),
    );
    expect((await postNotification(raw)).status).toBe(200);
    await waitProcessed(a.whatsappMessageId, 1);
    expect((await db().message.findUniqueOrThrow({ where: { id: a.messageId } })).status).toBe("delivered");
    expect((await db().message.findUniqueOrThrow({ where: { id: b.messageId } })).status).toBe("read");
    expect(await messageEventNames(a.orgId, a.messageId)).toEqual(["message.sent", "message.delivered"]);
    expect(await messageEventNames(b.orgId, b.messageId)).toEqual([
      "message.sent",
      "message.delivered",
      "message.read",
    ]);
  });

  it("a status on another organization's number moves nothing of ours, by opaque id or by wamid, alone or with others", async () => {
    const victim = await sentMessage();
    // the attacker's organization owns its WABA: it sends through the Graph API itself with the
    // victim's message id as biz_opaque_callback_data, and Meta signs the statuses of that send
    const attacker = await sentMessage();
    const theirNumber = attacker.channel.phoneNumberId;
    const byOpaque = { id: `wamid.${randomUUID()}`, biz_opaque_callback_data: victim.messageId };
    const statusOf = (ref: Record<string, string>, status: string) => ({
      ...ref,
      status,
      timestamp: String(tick()),
      recipient_id: victim.row.phone?.slice(1),
      pricing: { billable: true, pricing_model: "PMP", category: "marketing", type: "regular" },
    });
    const notifications = [
      // alone: read with the notification (soleStatusMessageSql)
      envelope(theirNumber, { statuses: [statusOf(byOpaque, "delivered")] }),
      envelope(theirNumber, { statuses: [statusOf({ id: victim.whatsappMessageId }, "read")] }),
      // together with the attacker's own status: looked up by findStatusMessage
      envelope(theirNumber, {
        statuses: [
          statusOf(byOpaque, "failed"),
          statusOf({ id: victim.whatsappMessageId }, "read"),
          statusOf({ id: attacker.whatsappMessageId }, "delivered"),
        ],
      }),
    ];
    for (const n of notifications) expect((await postNotification(JSON.stringify(n))).status).toBe(200);
    await waitProcessed(byOpaque.id, 2);
    await waitProcessed(victim.whatsappMessageId, 2);
    // the attacker's own message moved: the notification was processed, not dropped
    await waitForMessageStatus(attacker.messageId, ["delivered"]);

    const row = await db().message.findUniqueOrThrow({ where: { id: victim.messageId } });
    expect(row.status).toBe("sent");
    expect(row.deliveredAt).toBeNull();
    expect(row.pricing).toBeNull();
    expect(await messageEventNames(victim.orgId, victim.messageId)).toEqual(["message.sent"]);
  });

  it("a status of our message on its own number still applies when the number's notification names it by opaque id", async () => {
    const m = await sentMessage();
    await db().message.update({ where: { id: m.messageId }, data: { whatsappMessageId: null } });
    const other = await sentMessage();
    // the same status on another number first: nothing; then on the message's own number: moves
    const status = (number: string) =>
      JSON.stringify(
        envelope(number, {
          statuses: [
            {
              id: m.whatsappMessageId,
              status: "delivered",
              timestamp: String(tick()),
              biz_opaque_callback_data: m.messageId,
            },
          ],
        }),
      );
    expect((await postNotification(status(other.channel.phoneNumberId))).status).toBe(200);
    await waitProcessed(m.whatsappMessageId, 1);
    expect((await db().message.findUniqueOrThrow({ where: { id: m.messageId } })).status).toBe("sent");
    expect((await postNotification(status(m.channel.phoneNumberId))).status).toBe(200);
    const moved = await waitForMessageStatus(m.messageId, ["delivered"]);
    expect(moved.whatsappMessageId).toBe(m.whatsappMessageId);
  });

  it("our id in upper case names our message alike, alone in its notification or with another status", async () => {
    // found by lib/inbound/inbound-paths.property.test.ts: alone (read with the notification) it
    // moved the message, beside another status (findStatusMessage) it did not
    const m = await sentMessage();
    await db().message.update({ where: { id: m.messageId }, data: { whatsappMessageId: null } });
    const other = await sentMessage();
    const ours = (status: string) => ({
      id: m.whatsappMessageId,
      status,
      timestamp: String(tick()),
      biz_opaque_callback_data: m.messageId.toUpperCase(),
    });
    const number = m.channel.phoneNumberId;
    expect(
      (await postNotification(JSON.stringify(envelope(number, { statuses: [ours("delivered")] })))).status,
    ).toBe(200);
    await waitForMessageStatus(m.messageId, ["delivered"]);
    const beside = { id: other.whatsappMessageId, status: "delivered", timestamp: String(tick()) };
    const both = envelope(number, { statuses: [ours("read"), beside] });
    expect((await postNotification(JSON.stringify(both))).status).toBe(200);
    const read = await waitForMessageStatus(m.messageId, ["read"]);
    expect(read.whatsappMessageId).toBe(m.whatsappMessageId);
    expect(await messageEventNames(m.orgId, m.messageId)).toEqual([
      "message.sent",
      "message.delivered",
      "message.read",
    ]);
  });
});
