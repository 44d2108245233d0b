/**
 * The sends sweeper (lib/messages/sweep-sends.ts) queues again a `queued` message older than a
 * minute whose job was lost, and only those: a message whose own job still waits (here: its
 * channel's throughput held by the test, so the job sits delayed) is left to that job, and a
 * lost one gets one sweeper job however often the sweeper runs while that job waits. Before,
 * every sweep (each minute) added a job for every such message.
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { throughputKeys } from "@/lib/cloud-api/throughput";
import { db } from "@/lib/db";
import { sweepSends } from "@/lib/messages/sweep-sends";
import { closeQueues, queue } from "@/lib/queues";
import { TEST_ENV } from "@/scripts/test/env";
import { api, eventually, hangLimit } from "@/scripts/test/helpers";
import { MESSAGES, readySender, upstreamRequests } from "@/scripts/test/send-helpers";

const redis = new Redis(TEST_ENV.redisUrl, { lazyConnect: true });

afterAll(async () => {
  redis.disconnect();
  await closeQueues();
});

/** Every channel slot of the next two minutes taken: the worker's sends defer (their jobs delayed). */
async function holdThroughput(channelId: string, perSecond: number): Promise<() => Promise<void>> {
  const key = throughputKeys(channelId).all;
  const until = Date.now() + 120_000;
  const members = Array.from({ length: perSecond }, (_, i) => [until, `held-by-test:${i}`]).flat();
  await redis.zadd(key, ...members);
  await redis.pexpire(key, 130_000);
  return async () => {
    await redis.del(key);
  };
}

/** The jobs of the sends queue that will still run for a message, by id. */
async function liveJobsOf(messageId: string): Promise<string[]> {
  const jobs = await queue("sends").getJobs(["wait", "active", "delayed", "prioritized"]);
  return jobs.filter((j) => j.data?.messageId === messageId).map((j) => j.id ?? "");
}

describe("the sends sweeper", () => {
  it("leaves a message whose own job waits to it, and queues a lost one once however often it runs", async () => {
    const sender = await readySender({ throughput: 2 });
    const release = await holdThroughput(sender.channel.channelId, 2);
    try {
      const ids: string[] = [];
      for (const text of ["still waiting", "job lost"]) {
        const res = await api(MESSAGES, {
          method: "POST",
          key: sender.key,
          headers: { prefer: "respond-async" },
          body: { to: sender.to, type: "text", text: { body: text } },
        });
        expect(res.status, res.text).toBe(202);
        ids.push(res.body.data.messageId);
      }
      const [waiting, lost] = ids as [string, string];
      // both tried once and went back to the delayed set: no slot
      const sends = queue("sends");
      await eventually(
        async () =>
          (await sends.getJobState(waiting)) === "delayed" && (await sends.getJobState(lost)) === "delayed",
        hangLimit(),
        "both sends deferred",
      );
      // the one job is gone (Redis lost it), and both are older than the sweeper's minute
      expect(await sends.remove(lost)).toBe(1);
      await db().message.updateMany({
        where: { id: { in: ids } },
        data: { createdAt: new Date(Date.now() - 120_000) },
      });

      const first = await sweepSends();
      const second = await sweepSends();
      expect(await liveJobsOf(waiting)).toEqual([waiting]);
      const swept = await liveJobsOf(lost);
      expect(swept).toHaveLength(1);
      expect(swept[0]).toMatch(new RegExp(`^${lost}-sweep-\\d+$`));
      // what a sweep reports: the waiting one, each time (the worker's own sweep may take the lost one first)
      expect(first.waiting).toBeGreaterThanOrEqual(1);
      expect(second.waiting).toBeGreaterThanOrEqual(1);
      const stored = await db().message.findMany({ where: { id: { in: ids } } });
      expect(stored.map((m) => m.status)).toEqual(["queued", "queued"]);
    } finally {
      await release();
    }
    // the channel free again: each goes out once (the jobs come due at the held slots' end, or now)
    for (const id of await queue("sends").getJobs(["delayed"])) {
      if (id.data?.organizationId === sender.orgId) await id.promote().catch(() => undefined);
    }
    let seen = "";
    await eventually(
      async () => {
        const stored = await db().message.findMany({
          where: { organizationId: sender.orgId, direction: "outbound" },
        });
        const jobs = await Promise.all(stored.map((m) => queue("sends").getJobState(m.id)));
        seen = JSON.stringify({ statuses: stored.map((m) => m.status), jobs });
        return stored.length === 2 && stored.every((m) => m.status !== "queued" && m.status !== "sending");
      },
      hangLimit(),
      () => `both messages sent (last seen: ${seen})`,
    );
    const requests = await upstreamRequests(sender.channel.phoneNumberId, sender.to);
    const bodies = requests.map((r) => r.body.text?.body).sort();
    expect(bodies).toEqual(["job lost", "still waiting"]);
  }, 180_000);
});
