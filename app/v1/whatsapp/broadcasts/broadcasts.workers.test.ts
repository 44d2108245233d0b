/**
 * A worker killed mid-broadcast (SIGKILL, sends in flight at the upstream, the broadcast paused so
 * that no claim is under way) and Redis flushed behind it: another worker resumes from PostgreSQL alone, nothing is sent twice and nothing
 * is lost. Its own web app (worker: false), sandbox and Redis, so the shared stack's worker
 * never takes these jobs.
 *
 * Why it is slow (48 s in a run of `npm test` on a 2-core machine, 2026-12-01): it boots that stack and two workers, and after the flush a
 * status notification whose job went with it waits for the upstream sweeper, which queues a
 * notification again once it is a minute old.
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { apiAt, createTestOrg, eventually, pollUntil, randomPhone } from "@/scripts/test/helpers";
import { stopProcess } from "@/scripts/test/processes";
import { createChannelAt, injectFault, upstreamRequests } from "@/scripts/test/send-helpers";
import { startWorkerStack, type WorkerStack } from "@/scripts/test/worker-stack";

let ws: WorkerStack;

beforeAll(async () => {
  ws = await startWorkerStack();
}, 180_000);

afterEach(() => ws?.stopWorkers());

afterAll(async () => {
  await ws?.stop();
}, 60_000);

const N = 40;

/** Where a broadcast that did not finish stands, and what the workers logged: shown when it fails. */
async function diagnosis(broadcastId: string): Promise<string> {
  const rows = await db().$queryRaw<{ status: string; m: string | null; retry: boolean; n: number }[]>`
    SELECT r.status::text, m.status::text AS m, r.retry_at IS NOT NULL AS retry, count(*)::int AS n
    FROM broadcast_recipients r LEFT JOIN messages m ON m.id = r.message_id
    WHERE r.broadcast_id = ${broadcastId}::uuid GROUP BY 1, 2, 3`;
  return `${JSON.stringify(rows)}\n${ws.logged(15, 300)}`;
}

describe("a worker killed mid-broadcast, and Redis flushed", () => {
  it("another worker finishes it: every recipient exactly one upstream message, none lost", async () => {
    const [a] = await Promise.all([ws.startWorker("worker-a")]);
    // every broadcast whose driver said it claims no more (read as it is written: the kept output
    // is a window of the last chunks, which a loaded worker's logs can scroll past)
    const stopped = new Set<string>();
    let pending = "";
    a?.child.stdout?.on("data", (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!/its driver claims no more|no driver claims for it/.test(line)) continue;
        const match = /"broadcastId":"([0-9a-f-]{36})"/.exec(line);
        if (match?.[1]) stopped.add(match[1]);
      }
    });
    const { key, orgId } = await createTestOrg();
    const channel = await createChannelAt(orgId, ws.sandboxUrl, {
      // 40 at 4 a second: the pause below lands long before the last claim, even on a loaded machine
      throughput: 4,
      // the stalled sends complete late, in the same second as new ones: the upstream's own
      // limit (130429) is not what this test is about
      sandboxThroughput: 1_000,
      templates: [
        { name: "hello", language: "en", category: "UTILITY", components: [{ type: "BODY", text: "Hi" }] },
      ],
    });
    await eventually(
      async () => (await db().channel.findUnique({ where: { id: channel.channelId } }))?.templatesSyncedAt,
    );
    const created = await apiAt(ws.stack.baseUrl, "/v1/whatsapp/broadcasts", {
      method: "POST",
      key,
      body: {
        name: "Survives",
        template: { name: "hello", language: { code: "en" } },
        recipients: Array.from({ length: N }, () => ({ to: randomPhone() })),
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;

    await eventually(
      async () => (await upstreamRequests(channel.phoneNumberId, undefined, ws.sandboxUrl)).length >= 10,
      60_000,
    );
    // the next sends stall at the upstream: the worker dies while they are in flight
    await injectFault(channel.phoneNumberId, { delay_ms: 2_500, count: 3 }, ws.sandboxUrl);
    await eventually(async () =>
      (await upstreamRequests(channel.phoneNumberId, undefined, ws.sandboxUrl)).some(
        (r) => r.result === null,
      ),
    );
    // No new claims from here, and the kill waits until every recipient claimed `sending` has its
    // request at the upstream. One claimed whose request had not left when the worker died may not
    // be sent again (at most once) and ends failed by the 10-minute rule: a loaded machine widened
    // that window until this test timed out. The test is about sends in flight at the upstream.
    const paused = await apiAt(ws.stack.baseUrl, `/v1/whatsapp/broadcasts/${id}/pause`, {
      method: "POST",
      key,
    });
    expect(paused.status, paused.text).toBe(200);
    // the driver sees the pause within a second and claims no more: until it says so, a batch
    // claimed after the check below could be `sending` with its request not yet gone at the kill.
    // A driver that had given its slot back before the pause says so when its job runs again.
    await eventually(async () => stopped.has(id), 120_000);
    await eventually(async () => {
      const sending = await db().message.findMany({
        where: { broadcastId: id, status: "sending" },
        select: { id: true },
      });
      const requests = await upstreamRequests(channel.phoneNumberId, undefined, ws.sandboxUrl);
      const atUpstream = new Set(requests.map((r) => r.body.biz_opaque_callback_data));
      return sending.every((m) => atUpstream.has(m.id));
    });
    if (a) await stopProcess(a, "SIGKILL");
    const redis = new Redis(ws.redisUrl);
    await redis.flushall();
    redis.disconnect();
    const sentAtKill = (await upstreamRequests(channel.phoneNumberId, undefined, ws.sandboxUrl)).length;
    expect(sentAtKill).toBeLessThan(N);

    await ws.startWorker("worker-b");
    const resumed = await apiAt(ws.stack.baseUrl, `/v1/whatsapp/broadcasts/${id}/resume`, {
      method: "POST",
      key,
    });
    expect(resumed.status, resumed.text).toBe(200);
    const done = await pollUntil(
      async () => (await apiAt(ws.stack.baseUrl, `/v1/whatsapp/broadcasts/${id}`, { key })).body.data,
      (b) => b?.status === "completed",
      // a status notification whose job went with the flush is queued again by the upstream
      // sweeper once a minute old: up to two minutes
      200_000,
      500,
    );
    const upstream = (await upstreamRequests(channel.phoneNumberId, undefined, ws.sandboxUrl)).map((r) => [
      r.body.biz_opaque_callback_data,
      r.result,
      r.id,
    ]);
    const stuck = await db().message.findMany({
      where: { broadcastId: id, status: "sending" },
      select: { id: true, sendingAt: true },
    });
    expect(
      done.status,
      `${await diagnosis(id)}\nstuck ${JSON.stringify(stuck)}\n${JSON.stringify(upstream.filter((u) => stuck.some((s) => s.id === u[0])))} of ${upstream.length}`,
    ).toBe("completed");
    expect(done.counts).toMatchObject({ total: N, pending: 0, sent: N, failed: 0, skipped: 0 });

    const requests = await upstreamRequests(channel.phoneNumberId, undefined, ws.sandboxUrl);
    expect(requests.filter((r) => r.result !== 200).map((r) => [r.result, r.response])).toEqual([]);
    const opaque = requests.map((r) => r.body.biz_opaque_callback_data as string);
    expect(new Set(opaque).size).toBe(N);
    expect(requests).toHaveLength(N);
    const recipients = await db().broadcastRecipient.findMany({ where: { broadcastId: id } });
    expect(recipients.map((r) => r.messageId).sort()).toEqual([...opaque].sort());
    expect(await db().message.count({ where: { broadcastId: id } })).toBe(N);
  }, 320_000);
});
