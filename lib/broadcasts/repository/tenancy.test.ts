import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findContactIdsByPhone, insertRecipients } from "@/lib/broadcasts/repository/audience";
import {
  completeBroadcastRow,
  findBroadcastChannel,
  findBroadcastRow,
  findBroadcastStatus,
  listBroadcastRows,
  listOverviewBroadcasts,
  openFailureWindow,
  pauseBroadcastRow,
  readBroadcastCounts,
  readFailureWindow,
  updateBroadcastRow,
} from "@/lib/broadcasts/repository/broadcasts";
import {
  commonestRecipientFailure,
  countRecipientFailures,
  countRecipientSkips,
  firstPendingRecipients,
  listRecipientRows,
  listRecipientsAfter,
  markRecipientsReplied,
  retryFailedRecipients,
  skipPendingRecipients,
} from "@/lib/broadcasts/repository/recipients";
import {
  linkRecipientMessages,
  lockDueRecipients,
  nextRecipientRetry,
  releaseRecipients,
} from "@/lib/broadcasts/repository/sending";
import { db } from "@/lib/db";
import type { BroadcastRecipientStatus } from "@/lib/generated/prisma/client.ts";
import { closeQueues, enqueue, queue } from "@/lib/queues";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The broadcasts repository's promise (docs/architecture.md "Repositories"): called with another
 * organization, a broadcast id of this one finds, changes and deletes nothing, even where a caller
 * skipped the scoped read that used to make a bare-id write safe (the driver's statements had only
 * the broadcast's id). Two organizations, real PostgreSQL. Every call of organization B below would
 * find or change A's rows without its organization filter; the last test shows the same calls do
 * so for A.
 */
const a = { org: "", contact: "", phone: "", broadcast: "", done: "", queued: "", claimed: "" };
const b = { org: "", contact: "" };
const hour = 3_600_000;

/** Everything of A's broadcasts that a call could change, to compare before and after. */
async function snapshot() {
  return {
    broadcasts: await db().broadcast.findMany({ where: { organizationId: a.org }, orderBy: { id: "asc" } }),
    recipients: await db().broadcastRecipient.findMany({
      where: { organizationId: a.org },
      orderBy: [{ broadcastId: "asc" }, { seq: "asc" }],
    }),
    messages: await db().message.findMany({ where: { organizationId: a.org }, orderBy: { id: "asc" } }),
  };
}

const orgs = twoOrganizations("Broadcast tenancy");
const held: string[] = [];

afterAll(async () => {
  for (const id of held) await queue("broadcasts").remove(id);
  await closeQueues();
});

beforeAll(async () => {
  a.org = orgs.a;
  b.org = orgs.b;
  a.phone = `+1555${String(Date.now() % 1e7).padStart(7, "0")}`;
  const [contactA, contactB] = await Promise.all([
    db().contact.create({ data: { organizationId: a.org, phone: a.phone } }),
    db().contact.create({ data: { organizationId: b.org, phone: a.phone } }),
  ]);
  a.contact = contactA.id;
  b.contact = contactB.id;
  const channel = await db().channel.create({
    data: {
      organizationId: a.org,
      name: "main",
      phoneNumberId: `pn-${randomUUID()}`,
      wabaId: `waba-${randomUUID()}`,
      accessTokenEnc: "sealed",
    },
  });
  const broadcast = async (name: string) => {
    // the suite's worker runs beside this file on the same database, and its sweeper queues
    // every running broadcast's job every 5 s (the job id is the broadcast's): a job of that id
    // held an hour ahead makes the sweeper's a no-op, so no driver touches these rows mid-test
    const id = randomUUID();
    held.push(id);
    await enqueue("broadcasts", { broadcastId: id, organizationId: a.org }, { jobId: id, delay: hour });
    return db().broadcast.create({
      data: {
        id,
        organizationId: a.org,
        channelId: channel.id,
        name,
        status: "running",
        templateName: "hello",
        templateLanguage: "en",
        templateCategory: "MARKETING",
        components: [],
        placeholders: [],
        total: 0,
        startedAt: new Date(),
      },
    });
  };
  a.broadcast = (await broadcast("running")).id;
  a.done = (await broadcast("all sent")).id;
  const message = (status: "queued" | "sending") =>
    db().message.create({
      data: {
        organizationId: a.org,
        contactId: a.contact,
        channelId: channel.id,
        broadcastId: a.broadcast,
        direction: "outbound",
        type: "template",
        content: {},
        status,
        phone: a.phone,
      },
    });
  a.queued = (await message("queued")).id;
  a.claimed = (await message("queued")).id;
  const now = Date.now();
  const row = (seq: number, status: BroadcastRecipientStatus, more: object = {}) => ({
    broadcastId: a.broadcast,
    seq,
    organizationId: a.org,
    contactId: a.contact,
    phone: a.phone,
    status,
    ...more,
  });
  await db().broadcastRecipient.createMany({
    data: [
      // due: no message yet
      row(1, "pending"),
      // put back by a refusal worth retrying, due an hour ago
      row(2, "pending", { messageId: a.queued, retryAt: new Date(now - hour) }),
      // claimed by a driver, not sent
      row(3, "pending", { messageId: a.claimed }),
      row(4, "failed", { errorCode: "131000", errorMessage: "Something went wrong", failedAt: new Date() }),
      row(5, "delivered", { deliveredAt: new Date(now - hour) }),
      row(6, "skipped", { skipReason: "opted_out" }),
      { ...row(1, "delivered", { deliveredAt: new Date(now - 2 * hour) }), broadcastId: a.done },
    ],
  });
});

describe("broadcasts: another organization's broadcast id is nobody's", () => {
  it("reads find nothing", async () => {
    expect(await findBroadcastRow(b.org, a.broadcast)).toBeNull();
    expect(await findBroadcastStatus(b.org, a.broadcast)).toBeNull();
    expect(await findBroadcastChannel(b.org, a.broadcast)).toBeNull();
    expect(await readFailureWindow(b.org, a.broadcast)).toBeNull();
    expect(await readBroadcastCounts(b.org, a.broadcast)).toMatchObject({
      pending: 0,
      failed: 0,
      skipped: 0,
    });
    expect((await listBroadcastRows(b.org, { page: 1, perPage: 50 })).total).toBe(0);
    expect(await listOverviewBroadcasts(b.org, { limit: 10, failureSample: 10 })).toEqual([]);

    expect(await listRecipientRows(b.org, a.broadcast, { page: 1, perPage: 50 })).toEqual({
      rows: [],
      total: 0,
    });
    expect(await listRecipientsAfter(b.org, a.broadcast, 0, 50)).toEqual([]);
    expect(await countRecipientFailures(b.org, a.broadcast)).toEqual([]);
    expect(await countRecipientSkips(b.org, a.broadcast)).toEqual([]);
    expect(await firstPendingRecipients(b.org, a.broadcast, 5)).toEqual([]);
    expect(await commonestRecipientFailure(b.org, a.broadcast, 10)).toBeNull();
    expect(await nextRecipientRetry(b.org, a.broadcast)).toBeNull();
    expect(await findContactIdsByPhone(b.org, [a.phone], db())).toEqual(new Map([[a.phone, b.contact]]));
    // the driver's claim locks nothing of A's (and so claims nothing)
    const locked = await db().$transaction((tx) =>
      lockDueRecipients(b.org, a.broadcast, { limit: 10, now: new Date() }, tx),
    );
    expect(locked).toEqual([]);
  });

  it("writes change nothing, even without a scoped read before them", async () => {
    const before = await snapshot();
    const at = new Date();
    expect(
      await updateBroadcastRow(b.org, a.broadcast, { from: ["running"], data: { status: "cancelled" } }),
    ).toBe(false);
    expect(await updateBroadcastRow(b.org, a.broadcast, { data: { name: "taken" } })).toBe(false);
    await openFailureWindow(b.org, a.broadcast, { sent: 1, failed: 1 });
    const reason = {
      by: "failures" as const,
      error: { code: "131000", message: "Something went wrong" },
      failed: 1,
      of: 1,
      at: at.toISOString(),
    };
    expect((await pauseBroadcastRow(b.org, a.broadcast, reason, at))?.changed ?? 0).toBe(0);
    expect((await completeBroadcastRow(b.org, a.done, at))?.changed ?? 0).toBe(0);

    expect(await retryFailedRecipients(b.org, a.broadcast, ["131000"], db())).toBe(0);
    await skipPendingRecipients(b.org, a.broadcast, db());
    await markRecipientsReplied(b.org, a.contact, { since: new Date(at.getTime() - 24 * hour), at }, db());
    await linkRecipientMessages(
      b.org,
      a.broadcast,
      [{ seq: 1, messageId: null, skip: "blocked", phone: null }],
      db(),
    );
    await releaseRecipients(b.org, a.broadcast, [a.claimed]);
    // B's own contact offered as an audience for A's broadcast: no recipient row is written
    const audience = {
      inline: [],
      tags: [],
      excludeTags: [],
      contactIds: [b.contact],
      marketing: false,
      keys: [],
      required: [],
    };
    expect(await db().$transaction((tx) => insertRecipients(b.org, a.broadcast, audience, at, tx))).toBe(0);

    expect(await snapshot()).toEqual(before);
  });

  it("the owner's calls do what they say (the test is not vacuous)", async () => {
    expect((await findBroadcastRow(a.org, a.broadcast))?.id).toBe(a.broadcast);
    expect((await readFailureWindow(a.org, a.broadcast))?.failed).toBe(1);
    expect((await readBroadcastCounts(a.org, a.broadcast)).pending).toBe(3);
    expect((await listRecipientRows(a.org, a.broadcast, { page: 1, perPage: 50 })).total).toBe(6);
    expect(await listRecipientsAfter(a.org, a.broadcast, 0, 50)).toHaveLength(6);
    expect(await countRecipientSkips(a.org, a.broadcast)).toEqual([{ reason: "opted_out", count: 1 }]);
    expect((await commonestRecipientFailure(a.org, a.broadcast, 10))?.code).toBe("131000");
    expect(await nextRecipientRetry(a.org, a.broadcast)).not.toBeNull();
    const locked = await db().$transaction((tx) =>
      lockDueRecipients(a.org, a.broadcast, { limit: 10, now: new Date() }, tx),
    );
    expect(locked.map((r) => r.seq)).toEqual([1, 2]);

    const at = new Date();
    await releaseRecipients(a.org, a.broadcast, [a.claimed]);
    await markRecipientsReplied(a.org, a.contact, { since: new Date(at.getTime() - 24 * hour), at }, db());
    expect(await retryFailedRecipients(a.org, a.broadcast, ["131000"], db())).toBe(1);
    expect((await completeBroadcastRow(a.org, a.done, at))?.changed).toBe(1);
    await skipPendingRecipients(a.org, a.broadcast, db());
    const recipients = await db().broadcastRecipient.findMany({
      where: { broadcastId: a.broadcast },
      orderBy: { seq: "asc" },
    });
    expect(recipients.map((r) => [r.seq, r.status, r.skipReason])).toEqual([
      [1, "skipped", "cancelled"],
      [2, "skipped", "cancelled"],
      [3, "skipped", "cancelled"],
      [4, "skipped", "cancelled"],
      [5, "delivered", null],
      [6, "skipped", "opted_out"],
    ]);
    expect(recipients[4]?.repliedAt).toEqual(at);
    // the never-sent messages of the cancelled recipients are gone
    expect(await db().message.count({ where: { id: { in: [a.queued, a.claimed] } } })).toBe(0);
    expect(await updateBroadcastRow(a.org, a.broadcast, { data: { name: "renamed" } })).toBe(true);
  });
});
