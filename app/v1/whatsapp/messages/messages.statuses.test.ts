import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { type Sandbox, startSandbox } from "@/sandbox/server";
import { TEST_ENV } from "@/scripts/test/env";
import { BASE_URL, createTestOrg, eventually, randomPhone } from "@/scripts/test/helpers";
import { sandboxAt } from "@/scripts/test/sandbox-client";
import {
  createChannelAt,
  messageEvents,
  openWindow,
  send,
  unreachableUrl,
  waitForStatus,
} from "@/scripts/test/send-helpers";

/** How many status notifications about `wamid` our worker has processed. */
async function processedAbout(wamid: string): Promise<number> {
  const rows = await db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM upstream_notifications
    WHERE processed_at IS NOT NULL AND payload::text LIKE ${`%"${wamid}"%`}`;
  return rows[0]?.n ?? 0;
}

async function waitProcessed(wamid: string, n: number) {
  await eventually(async () => (await processedAbout(wamid)) >= n);
}

describe("status notifications from a sandbox of our own (settings changed without touching the shared one)", () => {
  let sb: Sandbox;
  const settings = async (patch: Record<string, unknown>) => {
    const res = await sandboxAt(sb.url, "/_sandbox/app", "PUT", patch);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, logLevel: "silent" });
    await settings({
      webhook_url: `${BASE_URL}/webhooks/whatsapp`,
      app_secret: TEST_ENV.appSecret,
      verify_token: TEST_ENV.verifyToken,
      skip_delivered_when_read_fast: false,
      webhook_retry_delays_ms: [200, 1000],
    });
  });
  afterAll(async () => {
    await sb?.close();
  });

  async function sentMessage(delays: { sent: number | null; delivered: number | null; read: number | null }) {
    await settings({ status_delays_ms: delays, reorder: false, duplicate_rate: 0 });
    const { key, orgId } = await createTestOrg();
    const channel = await createChannelAt(orgId, sb.url);
    const to = randomPhone();
    await openWindow(orgId, channel.phoneNumberId, to, sb.url);
    return { key, orgId, channel, to };
  }

  async function post(message_id: string, status: string, extra: Record<string, unknown> = {}) {
    const res = await sandboxAt(sb.url, "/_sandbox/statuses", "POST", { message_id, status, ...extra });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
  }

  it("sent → delivered → read move the Message forward and write one event each", async () => {
    // delivered and read 2.8 s apart: under load the worker could process two notifications
    // 300 ms apart (the shared sandbox's default) out of order, and a late delivered emits nothing
    const { key, orgId, channel, to } = await sentMessage({ sent: 50, delivered: 200, read: 3_000 });
    const res = await send(key, { to, type: "text", text: { body: "track me" } });
    expect(res.status, res.text).toBe(200);
    const { messageId, whatsappMessageId } = res.body.data;
    const read = await waitForStatus(messageId, ["read"]);
    expect(read.sentAt).not.toBeNull();
    expect(read.deliveredAt).not.toBeNull();
    expect(read.readAt).not.toBeNull();
    // upstream timestamps are whole seconds; ours have milliseconds
    const second = (d: Date | null) => Math.floor((d?.getTime() ?? 0) / 1000);
    expect(second(read.sentAt)).toBeLessThanOrEqual(second(read.deliveredAt));
    expect(read.deliveredAt?.getTime()).toBeLessThanOrEqual(read.readAt?.getTime() ?? 0);
    await waitProcessed(whatsappMessageId, 3);
    expect(await messageEvents(orgId, messageId)).toEqual([
      "message.sent",
      "message.delivered",
      "message.read",
    ]);

    const delivered = await db().event.findFirstOrThrow({
      where: {
        organizationId: orgId,
        name: "message.delivered",
        data: { path: ["messageId"], equals: messageId },
      },
    });
    expect(delivered.data).toEqual({
      messageId,
      whatsappMessageId,
      conversationId: read.conversationId,
      contactId: read.contactId,
      channelId: channel.channelId,
      status: "delivered",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // service messages are billed since October 2026 (Meta's pricing updates)
      pricing: { billable: true, pricingModel: "PMP", category: "service", type: "regular" },
    });
  });

  it("read first implies delivered (message.delivered with the read); a late delivered and sent change nothing", async () => {
    const { key, orgId, to } = await sentMessage({ sent: null, delivered: null, read: null });
    const res = await send(key, { to, type: "text", text: { body: "out of order" } });
    const { messageId, whatsappMessageId } = res.body.data;
    expect((await db().message.findUniqueOrThrow({ where: { id: messageId } })).status).toBe("sent");

    await post(whatsappMessageId, "read");
    const read = await waitForStatus(messageId, ["read"]);
    await post(whatsappMessageId, "delivered");
    await post(whatsappMessageId, "sent");
    await waitProcessed(whatsappMessageId, 3);
    const after = await db().message.findUniqueOrThrow({ where: { id: messageId } });
    expect(after.status).toBe("read");
    expect(after.readAt).toEqual(read.readAt);
    expect(await messageEvents(orgId, messageId)).toEqual([
      "message.sent",
      "message.delivered",
      "message.read",
    ]);
  });

  it("reorder: statuses posted read, delivered, sent end read, with events only ever moving forward", async () => {
    const { key, orgId, to } = await sentMessage({ sent: 20, delivered: 60, read: 200 });
    await settings({ reorder: true });
    const res = await send(key, { to, type: "text", text: { body: "reordered" } });
    const { messageId, whatsappMessageId } = res.body.data;
    await waitForStatus(messageId, ["read"]);
    await waitProcessed(whatsappMessageId, 3);
    const names = await messageEvents(orgId, messageId);
    const rank = ["message.sent", "message.delivered", "message.read"];
    expect(names[0]).toBe("message.sent");
    expect(names.at(-1)).toBe("message.read");
    expect(names.map((n) => rank.indexOf(n))).toEqual([...new Set(names.map((n) => rank.indexOf(n)))].sort());
    expect((await db().message.findUniqueOrThrow({ where: { id: messageId } })).status).toBe("read");
  });

  it("duplicate_rate 1: every notification twice → still one event per status", async () => {
    const { key, orgId, to } = await sentMessage({ sent: 20, delivered: 150, read: 400 });
    await settings({ duplicate_rate: 1 });
    const res = await send(key, { to, type: "text", text: { body: "twice" } });
    const { messageId, whatsappMessageId } = res.body.data;
    await waitProcessed(whatsappMessageId, 6);
    expect(await messageEvents(orgId, messageId)).toEqual([
      "message.sent",
      "message.delivered",
      "message.read",
    ]);
    expect((await db().message.findUniqueOrThrow({ where: { id: messageId } })).status).toBe("read");
  });

  it("the same notification posted twice by hand → one event", async () => {
    const { key, orgId, to } = await sentMessage({ sent: null, delivered: null, read: null });
    const res = await send(key, { to, type: "text", text: { body: "same twice" } });
    const { messageId, whatsappMessageId } = res.body.data;
    const timestamp = Math.floor(Date.now() / 1000);
    await post(whatsappMessageId, "delivered", { timestamp });
    await post(whatsappMessageId, "delivered", { timestamp });
    await waitProcessed(whatsappMessageId, 2);
    expect(await messageEvents(orgId, messageId)).toEqual(["message.sent", "message.delivered"]);
    const m = await db().message.findUniqueOrThrow({ where: { id: messageId } });
    expect(m.status).toBe("delivered");
    expect(m.deliveredAt?.getTime()).toBe(timestamp * 1000);
  });

  it("failed after sent → Message failed with the upstream's code, message.failed; a late delivered changes nothing", async () => {
    const { key, orgId, to } = await sentMessage({ sent: null, delivered: null, read: null });
    const res = await send(key, { to, type: "text", text: { body: "doomed" } });
    const { messageId, whatsappMessageId } = res.body.data;
    await post(whatsappMessageId, "failed", { errors: [{ code: 131026 }] });
    const failed = await waitForStatus(messageId, ["failed"]);
    expect(failed.errorCode).toBe("131026");
    await post(whatsappMessageId, "delivered");
    await waitProcessed(whatsappMessageId, 2);
    expect((await db().message.findUniqueOrThrow({ where: { id: messageId } })).status).toBe("failed");
    expect(await messageEvents(orgId, messageId)).toEqual(["message.sent", "message.failed"]);
    const event = await db().event.findFirstOrThrow({
      where: {
        organizationId: orgId,
        name: "message.failed",
        data: { path: ["messageId"], equals: messageId },
      },
    });
    expect(event.data).toMatchObject({ status: "failed", error: { code: 131026 } });
  });

  it("async_errors: a media failure reported later as a failed status → Message failed, message.failed", async () => {
    const { key, orgId, to } = await sentMessage({ sent: 20, delivered: 60, read: 200 });
    await settings({ async_errors: true });
    try {
      const link = await unreachableUrl("/late.jpg");
      const res = await send(key, { to, type: "image", image: { link } });
      expect(res.status, res.text).toBe(200);
      const failed = await waitForStatus(res.body.data.messageId, ["failed"]);
      expect(failed.errorCode).toBe("131053");
      expect(await messageEvents(orgId, res.body.data.messageId)).toEqual(["message.sent", "message.failed"]);
    } finally {
      await settings({ async_errors: false });
    }
  });
});
