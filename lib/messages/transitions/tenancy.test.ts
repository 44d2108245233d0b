import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { MessageStatus } from "@/lib/generated/prisma/client.ts";
import { applyUpstreamStatus } from "@/lib/messages/transitions/apply-upstream-status";
import { claim, claimMany, release } from "@/lib/messages/transitions/claim-sending";
import { failUnconfirmed } from "@/lib/messages/transitions/fail-unconfirmed";
import { failUnqueuedSend } from "@/lib/messages/transitions/fail-unqueued-send";
import { findReportedMessage } from "@/lib/messages/transitions/find-reported-message";
import { markFailed } from "@/lib/messages/transitions/mark-failed";
import { markInboundRead } from "@/lib/messages/transitions/mark-inbound-read";
import { markBatchSent, markSent } from "@/lib/messages/transitions/mark-sent";
import { putBack } from "@/lib/messages/transitions/put-back";
import { pausedBroadcast } from "@/scripts/test/plan-helpers";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * lib/messages/transitions/ is the messages' repository for their status (docs/architecture.md
 * "Repositories"): called with another organization, a message id of this one moves nothing, even
 * without a scoped read before the call. Two organizations, real PostgreSQL. Every call of
 * organization B below would move A's messages without its organization filter; the group-committed
 * ones (claim, markSent, putBack) are also run side by side with A's own calls, so that one
 * statement carries both organizations' items and must match each on its own pair; the last test
 * shows the same calls do move A's messages.
 */
const a = { org: "", contact: "", channel: "", broadcast: "", phone: "" };
const b = { org: "" };
const backoff = { baseMs: 60_000, growth: 2, capMs: 600_000 };
const refused = { kind: "unreachable", message: "no connection", maybeSent: false } as const;
let seq = 0;

/** `n` of A's messages in `status` (outbound broadcast messages, each with its recipient). */
async function messages(status: MessageStatus, n = 1, direction: "outbound" | "inbound" = "outbound") {
  const rows = await db().message.createManyAndReturn({
    data: Array.from({ length: n }, () => ({
      organizationId: a.org,
      contactId: a.contact,
      channelId: a.channel,
      broadcastId: direction === "outbound" ? a.broadcast : null,
      direction,
      type: "text",
      content: { cloud: { type: "text", text: { body: "hi" } } },
      status,
      phone: a.phone,
      whatsappMessageId: status === "sent" || direction === "inbound" ? `wamid.${randomUUID()}` : null,
      sentAt: status === "sent" ? new Date() : null,
      // a minute, not ten: the integration stack's worker fails a send unconfirmed for ten minutes
      // (lib/messages/sweep-sends.ts), which would move these rows between two snapshots
      sendingAt: status === "sending" ? new Date(Date.now() - 60_000) : null,
    })),
  });
  if (direction === "outbound") {
    await db().broadcastRecipient.createMany({
      data: rows.map((m) => ({
        broadcastId: a.broadcast,
        seq: ++seq,
        organizationId: a.org,
        contactId: a.contact,
        phone: a.phone,
        status: "pending" as const,
        messageId: m.id,
        // set, so that the broadcast sweeper's orphan rule (a queued message older than 30 s whose
        // recipient has no retry time) never makes them due under a slow run
        retryAt: new Date(Date.now() + 86_400_000),
      })),
    });
  }
  return rows;
}

/** Everything of these messages a call could change (the message, its recipient, its events). */
async function snapshot(ids: string[]) {
  return {
    messages: await db().message.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } }),
    recipients: await db().broadcastRecipient.findMany({
      where: { messageId: { in: ids } },
      orderBy: { seq: "asc" },
    }),
    events: await db().event.count({
      where: { OR: ids.map((id) => ({ data: { path: ["messageId"], equals: id } })) },
    }),
  };
}

const statusOf = async (id: string) => (await db().message.findUniqueOrThrow({ where: { id } })).status;
const wamid = () => `wamid.${randomUUID()}`;
const report = { next: "delivered" as const, at: new Date(), pricing: undefined, error: undefined };

const orgs = twoOrganizations("Transitions tenancy");

beforeAll(async () => {
  a.org = orgs.a;
  b.org = orgs.b;
  a.phone = `+1555${String(Date.now() % 1e7).padStart(7, "0")}`;
  a.contact = (await db().contact.create({ data: { organizationId: a.org, phone: a.phone } })).id;
  // paused: the stack's worker would claim and send these messages itself (plan-helpers.ts)
  const made = await pausedBroadcast(a.org, 0, { name: "tenancy", startedAt: new Date() });
  a.channel = made.channelId;
  a.broadcast = made.broadcastId;
});

/** One of A's messages for each transition, in the status it moves from. */
async function oneOfEach() {
  const [claimed, claimedInBatch, unqueued, refusedQueued] = await messages("queued", 4);
  const [released, sent, sentInBatch, putBackOne, unconfirmed] = await messages("sending", 5);
  const [reported] = await messages("sent");
  const [inbound] = await messages("delivered", 1, "inbound");
  const m = { claimed, claimedInBatch, unqueued, refusedQueued, released, sent, sentInBatch };
  const all = { ...m, putBackOne, unconfirmed, reported, inbound };
  const ids = Object.fromEntries(
    Object.entries(all).map(([k, v]) => {
      if (!v) throw new Error(`no ${k}`);
      return [k, v.id];
    }),
  ) as Record<keyof typeof all, string>;
  return { ids, unconfirmedRow: all.unconfirmed as NonNullable<typeof unconfirmed> };
}

/** Every transition of `org` on A's messages; what each answered. */
async function callEach(org: string, { ids, unconfirmedRow }: Awaited<ReturnType<typeof oneOfEach>>) {
  const notification = (await db().upstreamNotification.create({ data: { payload: {} } })).id;
  const foundByA = await findReportedMessage(a.org, ids.reported);
  if (!foundByA?.whatsappMessageId) throw new Error("A's own message is not found");
  return {
    claim: await claim(org, ids.claimed),
    claimMany: await claimMany(org, [ids.claimedInBatch]),
    release: await release(org, ids.released),
    markSent: await markSent(org, ids.sent, wamid()),
    markBatchSent: await markBatchSent(org, [{ messageId: ids.sentInBatch, wamid: wamid(), pacing: null }]),
    putBack: await putBack(org, ids.putBackOne, backoff),
    failUnconfirmed: await failUnconfirmed(org, unconfirmedRow),
    failUnqueuedSend: await failUnqueuedSend(org, ids.unqueued),
    markFailed: await markFailed(org, ids.refusedQueued, refused),
    findReportedMessage: await findReportedMessage(org, ids.reported),
    applyUpstreamStatus: await applyUpstreamStatus(
      org,
      foundByA,
      { ...report, wamid: foundByA.whatsappMessageId },
      notification,
    ),
    markInboundRead: await markInboundRead(org, ids.inbound),
    notificationMarked:
      (await db().upstreamNotification.findUniqueOrThrow({ where: { id: notification } })).processedAt !==
      null,
  };
}

describe("message transitions: another organization's message id is nobody's", () => {
  it("each transition called by B on A's messages moves nothing and answers so", async () => {
    const setup = await oneOfEach();
    const ids = Object.values(setup.ids);
    const before = await snapshot(ids);

    const answers = await callEach(b.org, setup);

    expect(await snapshot(ids)).toEqual(before);
    expect(answers).toMatchObject({
      claim: null,
      claimMany: [null],
      putBack: null,
      failUnconfirmed: false,
      failUnqueuedSend: false,
      findReportedMessage: null,
      applyUpstreamStatus: { deliveryIds: [], marked: false },
      notificationMarked: false,
    });
  });

  it("one grouped statement of both organizations matches each message on its own (id, organization)", async () => {
    // the first calls of a group commit run alone (4 in flight); the rest wait and go in one
    // statement, B's and A's items alternating in it
    const pairs = 6;
    const queuedTheirs = (await messages("queued", pairs)).map((m) => m.id);
    const queuedOurs = (await messages("queued", pairs)).map((m) => m.id);
    const sendingTheirs = (await messages("sending", 2 * pairs)).map((m) => m.id);
    const sendingOurs = (await messages("sending", 2 * pairs)).map((m) => m.id);
    const theirs = [...queuedTheirs, ...sendingTheirs];
    const before = await snapshot(theirs);

    const claims = await Promise.all(
      queuedTheirs.flatMap((id, i) => [claim(b.org, id), claim(a.org, queuedOurs[i] as string)]),
    );
    expect(claims.filter((_, i) => i % 2 === 0)).toEqual(Array(pairs).fill(null));
    expect(claims.filter((c, i) => i % 2 === 1 && c !== null)).toHaveLength(pairs);

    const sentTheirs = sendingTheirs.slice(0, pairs);
    const sentOurs = sendingOurs.slice(0, pairs);
    await Promise.all(
      sentTheirs.flatMap((id, i) => [
        markSent(b.org, id, wamid()),
        markSent(a.org, sentOurs[i] as string, wamid()),
      ]),
    );

    const backTheirs = sendingTheirs.slice(pairs);
    const backOurs = sendingOurs.slice(pairs);
    const tries = await Promise.all(
      backTheirs.flatMap((id, i) => [
        putBack(b.org, id, backoff),
        putBack(a.org, backOurs[i] as string, backoff),
      ]),
    );
    expect(tries).toEqual(Array.from({ length: 2 * pairs }, (_, i) => (i % 2 === 0 ? null : 1)));

    expect(await snapshot(theirs)).toEqual(before);
    const ours = await db().message.findMany({ where: { id: { in: [...queuedOurs, ...sendingOurs] } } });
    const status = new Map(ours.map((m) => [m.id, m.status]));
    expect(queuedOurs.map((id) => status.get(id))).toEqual(Array(pairs).fill("sending"));
    expect(sentOurs.map((id) => status.get(id))).toEqual(Array(pairs).fill("sent"));
    expect(backOurs.map((id) => status.get(id))).toEqual(Array(pairs).fill("queued"));
  });

  it("the owner's calls do move them (the test is not vacuous)", async () => {
    const setup = await oneOfEach();
    const { ids } = setup;

    const answers = await callEach(a.org, setup);

    expect(answers).toMatchObject({
      claim: { cloud: { type: "text" } },
      claimMany: [{ cloud: { type: "text" } }],
      putBack: 1,
      failUnconfirmed: true,
      failUnqueuedSend: true,
      findReportedMessage: { id: ids.reported },
      applyUpstreamStatus: { marked: true },
      notificationMarked: true,
    });
    expect({
      claimed: await statusOf(ids.claimed),
      claimedInBatch: await statusOf(ids.claimedInBatch),
      released: await statusOf(ids.released),
      sent: await statusOf(ids.sent),
      sentInBatch: await statusOf(ids.sentInBatch),
      putBackOne: await statusOf(ids.putBackOne),
      unconfirmed: await statusOf(ids.unconfirmed),
      unqueued: await statusOf(ids.unqueued),
      refusedQueued: await statusOf(ids.refusedQueued),
      reported: await statusOf(ids.reported),
      inbound: await statusOf(ids.inbound),
    }).toEqual({
      claimed: "sending",
      claimedInBatch: "sending",
      released: "queued",
      sent: "sent",
      sentInBatch: "sent",
      putBackOne: "queued",
      unconfirmed: "failed",
      unqueued: "failed",
      refusedQueued: "failed",
      reported: "delivered",
      inbound: "read",
    });
    const recipient = await db().broadcastRecipient.findFirstOrThrow({
      where: { messageId: ids.putBackOne },
    });
    expect(recipient.attempts).toBe(1);
  });
});
