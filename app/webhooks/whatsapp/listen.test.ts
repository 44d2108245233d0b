import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { listenForUpstream, type UpstreamListener } from "@/lib/inbound/listen-upstream";
import { conversationKey, notificationIdFor, ownsNotification } from "@/lib/inbound/notification-owner";
import { claimHeard, claimNotification } from "@/lib/inbound/process-notification";
import { receiveNotification } from "@/lib/inbound/receive-notification";
import { sweepUpstream } from "@/lib/inbound/sweep-upstream";
import { upstreamChannel } from "@/lib/inbound/upstream-channel";
import { WAKE_PAYLOAD_MAX } from "@/lib/inbound/wake-message";
import { closeQueues, QUEUES } from "@/lib/queues";
import { TEST_ENV } from "@/scripts/test/env";
import { eventually } from "@/scripts/test/helpers";
import {
  type InboundCustomer,
  inboundCustomer,
  inboundEvent,
  inboundNotification,
  postNotification,
} from "@/scripts/test/inbound-helpers";

const redis = new Redis(TEST_ENV.redisUrl, { lazyConnect: true });

afterAll(async () => {
  redis.disconnect();
  await closeQueues();
});

function textFrom(c: InboundCustomer, body: string) {
  return inboundNotification(
    c.channel.phoneNumberId,
    { profile: { name: "Lis" }, wa_id: c.from },
    { from: c.from, type: "text", text: { body } },
  );
}

async function rowOf(wamid: string) {
  const [row] = await db().$queryRaw<{ id: string; claimedAt: Date | null; processedAt: Date | null }[]>`
    SELECT id::text, claimed_at AS "claimedAt", processed_at AS "processedAt"
    FROM upstream_notifications WHERE payload::text LIKE ${`%${wamid}%`}`;
  return row;
}

describe("a stored notification wakes a listening worker (NOTIFY), without a queued job", () => {
  it("the receiver's 200 is followed by the message processed from the payload heard, without a claim or an {upstream} job", async () => {
    const c = await inboundCustomer();
    const { wamid, body } = textFrom(c, "heard, not queued");
    const posted = await postNotification(JSON.stringify(body));
    expect(posted).toEqual({ status: 200, text: "EVENT_RECEIVED" });

    const data = await inboundEvent(c.orgId, wamid);
    expect(data).toMatchObject({ whatsappMessageId: wamid, content: { text: "heard, not queued" } });
    const row = await eventually(async () => {
      const r = await rowOf(wamid);
      return r?.processedAt ? r : undefined;
    });
    // one message alone, heard with its payload: its own statement marked it, no claim came first
    expect(row.claimedAt).toBeNull();
    // the job a queued notification gets is named by its id: none was added
    expect(await redis.exists(`bull:${QUEUES.upstream.name}:${row.id}`)).toBe(0);
  });

  it("a notification too large to be heard with its payload, or holding more than one item, is claimed", async () => {
    const c = await inboundCustomer();
    // a text past what a NOTIFY carries: announced by its id alone
    const large = textFrom(c, `long ${"x".repeat(WAKE_PAYLOAD_MAX)}`);
    expect(await postNotification(JSON.stringify(large.body))).toEqual({
      status: 200,
      text: "EVENT_RECEIVED",
    });
    // two messages in one notification: heard with its payload, but not a sole item
    const first = textFrom(c, "first of two");
    const second = textFrom(c, "second of two");
    const change = first.body.entry[0]?.changes[0]?.value as unknown as { messages: unknown[] };
    const secondChange = second.body.entry[0]?.changes[0]?.value as unknown as { messages: unknown[] };
    change.messages.push(...secondChange.messages);
    expect(await postNotification(JSON.stringify(first.body))).toEqual({
      status: 200,
      text: "EVENT_RECEIVED",
    });

    for (const wamid of [large.wamid, first.wamid, second.wamid]) {
      expect(await inboundEvent(c.orgId, wamid)).toMatchObject({ whatsappMessageId: wamid });
    }
    for (const wamid of [large.wamid, first.wamid]) {
      const row = await eventually(async () => {
        const r = await rowOf(wamid);
        return r?.processedAt ? r : undefined;
      });
      expect(row.claimedAt).not.toBeNull();
    }
  });

  it("a notification is claimed once: a second claim, or a claim of a processed one, takes nothing", async () => {
    const c = await inboundCustomer();
    const { body } = textFrom(c, "claim me once");
    const stored = await db().upstreamNotification.create({
      // stored without NOTIFY, as a row the web wrote while no worker listened
      data: { payload: body as Prisma.InputJsonValue, receivedAt: new Date(Date.now() - 5_000) },
    });
    const [first, second] = await Promise.all([claimNotification(stored.id), claimNotification(stored.id)]);
    expect([first, second].filter((r) => r !== null)).toHaveLength(1);
    expect(await claimNotification(stored.id)).toBeNull();
    // the claim of a notification heard with its payload takes nothing already claimed, and one once
    expect(await claimHeard(stored.id)).toBe(false);
    const heard = await db().upstreamNotification.create({
      data: { payload: body as Prisma.InputJsonValue },
    });
    const both = await Promise.all([claimHeard(heard.id), claimHeard(heard.id)]);
    expect(both.filter((taken) => taken)).toHaveLength(1);
    expect(await claimNotification(heard.id)).toBeNull();

    const done = await db().upstreamNotification.create({
      data: { payload: body as Prisma.InputJsonValue, processedAt: new Date() },
    });
    expect(await claimNotification(done.id)).toBeNull();
    await db().upstreamNotification.deleteMany({ where: { id: { in: [stored.id, heard.id, done.id] } } });
  });

  it("a notification claimed by a worker that died before processing it is swept after a minute and processed", async () => {
    const c = await inboundCustomer();
    const { wamid, body } = textFrom(c, "claimed, then orphaned");
    const orphan = await db().upstreamNotification.create({
      data: {
        payload: body as Prisma.InputJsonValue,
        receivedAt: new Date(Date.now() - 90_000),
        claimedAt: new Date(Date.now() - 89_000),
      },
    });
    const swept = await sweepUpstream();
    expect(swept.requeued).toBeGreaterThanOrEqual(1);
    expect(await inboundEvent(c.orgId, wamid)).toMatchObject({ whatsappMessageId: wamid });
    const row = await eventually(async () => {
      const r = await db().upstreamNotification.findUniqueOrThrow({ where: { id: orphan.id } });
      return r.processedAt ? r : undefined;
    });
    expect(row.error).toBeNull();
  });
});

describe("a listener of this process (its own channel, named after this process's REDIS_URL)", () => {
  it("on connecting takes what was stored for its channel while nobody listened, then what it hears; stop waits", async () => {
    const c = await inboundCustomer();
    const missed = textFrom(c, "stored while nobody listened");
    const other = textFrom(c, "stored for another installation");
    await db().upstreamNotification.createMany({
      data: [
        { payload: missed.body as Prisma.InputJsonValue, wakeChannel: upstreamChannel() },
        { payload: other.body as Prisma.InputJsonValue, wakeChannel: "upstream_0000000000000000" },
      ],
    });
    const listener = listenForUpstream({ concurrency: 2 });
    try {
      expect(await inboundEvent(c.orgId, missed.wamid)).toMatchObject({ whatsappMessageId: missed.wamid });
      const heard = textFrom(c, "heard on this channel");
      const raw = JSON.stringify(heard.body);
      await receiveNotification(Buffer.from(raw), JSON.parse(raw));
      expect(await inboundEvent(c.orgId, heard.wamid)).toMatchObject({ whatsappMessageId: heard.wamid });
      // heard with its payload, one message alone: processed without a claim
      expect(await rowOf(heard.wamid)).toMatchObject({ claimedAt: null, processedAt: expect.any(Date) });

      // a message and its revoke, heard together: processed in that order (one conversation), not
      // side by side, where the revoke could find no message yet
      const oops = textFrom(c, "wrong chat, sorry");
      const revoke = inboundNotification(
        c.channel.phoneNumberId,
        { profile: { name: "Lis" }, wa_id: c.from },
        { from: c.from, type: "revoke", revoke: { original_message_id: oops.wamid } },
      );
      const both = [oops.body, revoke.body].map((b) => JSON.stringify(b));
      // acknowledged one after the other, as the upstream posts them: heard in that order
      for (const raw of both) await receiveNotification(Buffer.from(raw), JSON.parse(raw));
      const deleted = await eventually(async () => {
        const m = await db().message.findFirst({ where: { whatsappMessageId: oops.wamid } });
        return m?.deletedAt ? m : undefined;
      });
      expect(deleted.deletedAt).not.toBeNull();
    } finally {
      await listener.stop();
    }
    // another channel's row is not this listener's to take (its own workers, or the sweeper, will)
    const otherRow = await rowOf(other.wamid);
    expect(otherRow).toMatchObject({ claimedAt: null, processedAt: null });
    await db().upstreamNotification.delete({ where: { id: otherRow?.id } });
  });
});

describe("a notification heard with its payload that is not a sole item", () => {
  it("is claimed without its payload read back, and processed once from the payload heard", async () => {
    const c = await inboundCustomer();
    const listener = listenForUpstream({ concurrency: 2 });
    try {
      await eventually(async () => (listener.listeners().length > 0 ? true : undefined));
      // two messages in one notification
      const first = textFrom(c, "first of a pair");
      const second = textFrom(c, "second of a pair");
      const value = first.body.entry[0]?.changes[0]?.value as unknown as { messages: unknown[] };
      const other = second.body.entry[0]?.changes[0]?.value as unknown as { messages: unknown[] };
      value.messages.push(...other.messages);
      const raw = JSON.stringify(first.body);
      const before = listener.counts();
      await receiveNotification(Buffer.from(raw), JSON.parse(raw));
      for (const wamid of [first.wamid, second.wamid]) {
        expect(await inboundEvent(c.orgId, wamid)).toMatchObject({ whatsappMessageId: wamid });
      }
      const row = await eventually(async () => {
        const r = await rowOf(first.wamid);
        return r?.processedAt ? r : undefined;
      });
      // the claim happened (exactly once: it is what keeps another worker or the sweeper off it) ...
      expect(row.claimedAt).not.toBeNull();
      // ... by the claim that reads nothing back: taken and claimed by this listener, none read
      expect(listener.counts()).toMatchObject({
        taken: before.taken + 1,
        claimed: before.claimed + 1,
        read: before.read,
      });
      // processed once: one message row and one message.inbound event each
      for (const wamid of [first.wamid, second.wamid]) {
        expect(
          await db().message.count({ where: { organizationId: c.orgId, whatsappMessageId: wamid } }),
        ).toBe(1);
        const events = await db().event.count({
          where: {
            organizationId: c.orgId,
            name: "message.inbound",
            data: { path: ["whatsappMessageId"], equals: wamid },
          },
        });
        expect(events).toBe(1);
      }
      // a later claim of it, by either statement, takes nothing
      expect(await claimHeard(row.id)).toBe(false);
      expect(await claimNotification(row.id)).toBeNull();
    } finally {
      await listener.stop();
    }
  });
});

describe("what a listener processes of a notification heard with its payload", () => {
  it("is the payload heard, not its row read back (a row made to differ from its NOTIFY shows which)", async () => {
    const c = await inboundCustomer();
    const listener = listenForUpstream({ concurrency: 2 });
    try {
      await eventually(async () => (listener.listeners().length > 0 ? true : undefined));
      const pair = (word: string) => {
        const first = textFrom(c, `${word} one`);
        const second = textFrom(c, `${word} two`);
        const value = first.body.entry[0]?.changes[0]?.value as unknown as { messages: { id: string }[] };
        const other = second.body.entry[0]?.changes[0]?.value as unknown as { messages: { id: string }[] };
        value.messages.push(...other.messages);
        return { body: first.body, messages: value.messages };
      };
      const heard = pair("heard");
      const stored = pair("stored");
      // the same two wamids in both
      stored.messages.forEach((m, i) => {
        m.id = heard.messages[i]?.id ?? "";
      });
      const row = await db().upstreamNotification.create({
        data: { payload: stored.body as Prisma.InputJsonValue, wakeChannel: upstreamChannel() },
      });
      await db()
        .$executeRaw`SELECT pg_notify(${upstreamChannel()}, ${`${row.id} ${JSON.stringify(heard.body)}`})`;
      for (const [i, m] of heard.messages.entries()) {
        expect(await inboundEvent(c.orgId, m.id)).toMatchObject({
          content: { text: i === 0 ? "heard one" : "heard two" },
        });
      }
      const done = await eventually(async () => {
        const r = await db().upstreamNotification.findUniqueOrThrow({ where: { id: row.id } });
        return r.processedAt ? r : undefined;
      });
      expect(done.claimedAt).not.toBeNull();
    } finally {
      await listener.stop();
    }
  });
});

describe("a listener behind keeps ids, not payloads, past its bound", () => {
  it("a notification heard past the held payloads' bound is claimed and read from its row", async () => {
    const c = await inboundCustomer();
    // a bound of none: every payload heard is dropped and its id claimed, as a worker far behind does
    const listener = listenForUpstream({ concurrency: 2, maxHeldPayloads: 0 });
    try {
      // the listener's connection is up once it has taken what it missed (nothing here) and listens
      await eventually(async () => (listener.listeners().length > 0 ? true : undefined));
      const n = textFrom(c, "heard while far behind");
      const raw = JSON.stringify(n.body);
      const before = listener.counts();
      await receiveNotification(Buffer.from(raw), JSON.parse(raw));
      expect(await inboundEvent(c.orgId, n.wamid)).toMatchObject({ whatsappMessageId: n.wamid });
      const row = await eventually(async () => {
        const r = await rowOf(n.wamid);
        return r?.processedAt ? r : undefined;
      });
      expect(row.claimedAt).not.toBeNull();
      expect(listener.counts().claimed).toBeGreaterThan(before.claimed);
      expect(listener.counts().read).toBeGreaterThan(before.read);
    } finally {
      await listener.stop();
    }
  });
});

describe("several listeners of one channel (issue 33 part 5: a worker more costs no claim a notification)", () => {
  /** a conversation of `c`'s channel (another customer) whose notifications `owner` claims first among `names` */
  function conversationOf(c: InboundCustomer, owner: string, names: string[]): InboundCustomer {
    for (;;) {
      const from = `1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
      const key = conversationKey(textFrom({ ...c, from }, "probe").body);
      if (ownsNotification(notificationIdFor(key), owner, names)) return { ...c, from };
    }
  }

  async function receive(c: InboundCustomer, text: string): Promise<string> {
    const n = textFrom(c, text);
    const raw = JSON.stringify(n.body);
    await receiveNotification(Buffer.from(raw), JSON.parse(raw));
    return n.wamid;
  }

  /** every listener sees `count` listeners of the channel (each reads them when it hears something) */
  async function seeing(
    probe: InboundCustomer,
    listeners: UpstreamListener[],
    count: number,
  ): Promise<string[]> {
    return eventually(async () => {
      // processed (claimed) before the views are read: the counts taken next hold its claim
      await inboundEvent(probe.orgId, await receive(probe, "who listens?"));
      const views = listeners.map((l) => l.listeners().join(" "));
      return views.every((v) => v === views[0]) && listeners[0]?.listeners().length === count
        ? [...(listeners[0]?.listeners() ?? [])]
        : undefined;
    });
  }

  it("with two listeners each notification is taken by one of them only, one conversation by the same one", async () => {
    const c = await inboundCustomer();
    // a grace period longer than the test: no claim by the other listener
    const options = { concurrency: 4, listenersTtlMs: 0, graceMs: 60_000 };
    const a = listenForUpstream(options);
    const b = listenForUpstream(options);
    try {
      const names = await seeing(c, [a, b], 2);
      const before = [a.counts(), b.counts()];
      const conversations = names.flatMap((owner) => [
        conversationOf(c, owner, names),
        conversationOf(c, owner, names),
      ]);
      const wamids: string[] = [];
      for (const [i, conv] of conversations.entries()) {
        wamids.push(await receive(conv, `message ${i}`), await receive(conv, `message ${i}, again`));
      }
      for (const wamid of wamids)
        expect(await inboundEvent(c.orgId, wamid)).toMatchObject({ whatsappMessageId: wamid });
      const taken = [a.counts().taken - (before[0]?.taken ?? 0), b.counts().taken - (before[1]?.taken ?? 0)];
      // each of the 8 taken once, 4 by each (the reads of the listeners meanwhile heard nothing else),
      // from the payload heard: none of them claimed
      expect(taken).toEqual([4, 4]);
      expect([a.counts().claimed, b.counts().claimed]).toEqual([before[0]?.claimed, before[1]?.claimed]);
      const events = await db().event.count({
        where: {
          organizationId: c.orgId,
          name: "message.inbound",
          OR: wamids.map((w) => ({ data: { path: ["whatsappMessageId"], equals: w } })),
        },
      });
      expect(events).toBe(wamids.length);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("a listener that takes nothing keeps its share while it listens (a backlog is not claimed twice); once gone, the other takes it", async () => {
    const c = await inboundCustomer();
    const a = listenForUpstream({ concurrency: 4, listenersTtlMs: 0, graceMs: 1_000 });
    // connected under a listener's name, listening, processing nothing
    const stuckName = `${upstreamChannel()}:ffffffffffff`;
    const stuck = new pg.Client({ connectionString: TEST_ENV.databaseUrl, application_name: stuckName });
    await stuck.connect();
    try {
      await stuck.query(`LISTEN "${upstreamChannel()}"`);
      // probes a listener that takes nothing never owns (under [a] alone, a owns everything)
      const probe = conversationOf(c, a.name, [a.name, stuckName].sort());
      const names = await seeing(probe, [a], 2);
      const orphans = [conversationOf(c, stuckName, names), conversationOf(c, stuckName, names)];

      // while it listens, its notification is left to it: checked after the grace period, not claimed
      const before = a.counts();
      const left = await receive(orphans[0] as InboundCustomer, "left to a listener that is behind");
      await eventually(async () => (a.counts().checks > before.checks ? true : undefined));
      expect(a.counts()).toMatchObject({ taken: before.taken, claimed: before.claimed });
      expect(await rowOf(left)).toMatchObject({ claimedAt: null, processedAt: null });

      // gone before the grace period ends: the other claims its notifications
      const gone = await receive(orphans[1] as InboundCustomer, "its worker died");
      await stuck.end();
      expect(await inboundEvent(c.orgId, gone)).toMatchObject({ whatsappMessageId: gone });
      await seeing(probe, [a], 1);
      const alone = a.counts();
      const wamid = await receive(orphans[0] as InboundCustomer, "the stuck worker is gone");
      expect(await inboundEvent(c.orgId, wamid)).toMatchObject({ whatsappMessageId: wamid });
      // taken at once (from its payload): nothing was left for a check
      expect(a.counts()).toEqual({ ...alone, taken: alone.taken + 1 });
      // the one left while its owner listened is the sweeper's (after a minute), as before
      await db().upstreamNotification.deleteMany({ where: { id: (await rowOf(left))?.id } });
    } finally {
      await stuck.end().catch(() => undefined);
      await a.stop();
    }
  });
});
