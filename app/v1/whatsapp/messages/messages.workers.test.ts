/**
 * At-most-once sends with worker processes we control: a separate web app (worker: false), its
 * own sandbox and its own Redis, so the shared stack's worker never takes these jobs.
 *
 * Why it is slow (the slowest file: 164 s in CI, 2026-11-29): a stack of its own and a worker
 * process per test, each booting the whole worker under tsx; the kill test then waits for BullMQ's
 * stalled-job check to hand the killed worker's job to another (its lock, as production runs it).
 * A shorter lock would make it faster and test less of what runs in production.
 */
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { QUEUES } from "@/lib/queues";
import {
  type AnyJson,
  apiAt,
  createTestOrg,
  eventually,
  expectError,
  randomPhone,
} from "@/scripts/test/helpers";
import { stopProcess } from "@/scripts/test/processes";
import { sandboxAt } from "@/scripts/test/sandbox-client";
import {
  createChannelAt,
  injectFault,
  MESSAGES,
  messageEvents,
  openWindow,
  upstreamRequests,
} from "@/scripts/test/send-helpers";
import { startWorkerStack, type WorkerStack } from "@/scripts/test/worker-stack";

let ws: WorkerStack;
let sends: Queue;
let sendsRedis: Redis | undefined;

beforeAll(async () => {
  ws = await startWorkerStack({ SEND_TIMEOUT_MS: "10000" });
  sendsRedis = new Redis(ws.redisUrl, { maxRetriesPerRequest: null });
  sends = new Queue(QUEUES.sends.name, { connection: sendsRedis });
}, 180_000);

afterEach(() => ws?.stopWorkers());

afterAll(async () => {
  await sends?.close();
  // a connection given to BullMQ is the caller's to close: left open, it would go on reconnecting
  // to this file's redis-server, stopped below, in the vitest worker that runs the next files
  sendsRedis?.disconnect();
  await ws?.stop();
}, 60_000);

async function sender() {
  const { key, orgId } = await createTestOrg();
  const channel = await createChannelAt(orgId, ws.sandboxUrl);
  const to = randomPhone();
  await openWindow(orgId, channel.phoneNumberId, to, ws.sandboxUrl);
  return { key, orgId, channel, to };
}

/** Errors and warnings the processes of this file logged: shown when an answer is not what we expect. */
const logged = () => ws.logged(20, 400);

const post = (key: string, to: string, body: string) =>
  apiAt(ws.stack.baseUrl, MESSAGES, { method: "POST", key, body: { to, type: "text", text: { body } } });

describe("a worker killed mid-send", () => {
  it("makes exactly one upstream request; the Message still learns its wamid and ends sent", async () => {
    await ws.startWorker("worker-a");
    const { key, orgId, channel, to } = await sender();
    await injectFault(channel.phoneNumberId, { delay_ms: 3_000 }, ws.sandboxUrl);
    const idempotencyKey = crypto.randomUUID();
    const sendOnce = () =>
      apiAt(ws.stack.baseUrl, MESSAGES, {
        method: "POST",
        key,
        headers: { "idempotency-key": idempotencyKey },
        body: { to, type: "text", text: { body: "in flight" } },
      });
    const pending = sendOnce();

    await eventually(
      async () => (await upstreamRequests(channel.phoneNumberId, to, ws.sandboxUrl)).length === 1,
    );
    const inFlight = await db().message.findFirstOrThrow({
      where: { organizationId: orgId, direction: "outbound" },
    });
    expect(inFlight.status).toBe("sending");
    const [a] = ws.workers;
    if (a) await stopProcess(a, "SIGKILL");

    const res = await pending;
    expectError(res, 503, "SERVER_SERVICE_UNAVAILABLE");
    expect(res.body.error.details.messageId).toBe(inFlight.id);
    // the client retries with its Idempotency-Key: the answer is replayed, nothing is sent again
    const retried = await sendOnce();
    expectError(retried, 503, "SERVER_SERVICE_UNAVAILABLE");
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(retried.body.error.details.messageId).toBe(inFlight.id);
    expect(await db().message.count({ where: { organizationId: orgId, direction: "outbound" } })).toBe(1);

    // another worker comes up: it processes the upstream's statuses, and BullMQ hands it the stalled job
    await ws.startWorker("worker-b");
    const job = await sends.getJob(inFlight.id);
    expect(job).toBeDefined();
    await eventually(async () => (await sends.getJob(inFlight.id))?.finishedOn, 100_000);
    const finished = await sends.getJob(inFlight.id);
    expect(finished?.returnvalue?.status).not.toBe("failed");

    const requests = await upstreamRequests(channel.phoneNumberId, to, ws.sandboxUrl);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.result).toBe(200);
    expect(request?.body.biz_opaque_callback_data).toBe(inFlight.id);
    const settled = await db().message.findUniqueOrThrow({ where: { id: inFlight.id } });
    expect(["sent", "delivered", "read"]).toContain(settled.status);
    expect(settled.whatsappMessageId).toBe(request?.id);
    expect((await messageEvents(orgId, inFlight.id)).filter((n) => n === "message.sent")).toHaveLength(1);
  }, 150_000);
});

describe("two worker processes", () => {
  function expectEachOnce(requests: AnyJson[], messageIds: string[]) {
    expect(requests).toHaveLength(messageIds.length);
    expect(requests.every((r) => r.result === 200)).toBe(true);
    const opaque = requests.map((r) => r.body.biz_opaque_callback_data as string);
    expect(new Set(opaque).size).toBe(opaque.length);
    expect([...opaque].sort()).toEqual([...messageIds].sort());
  }

  it("50 parallel sends: every one answered, each biz_opaque_callback_data exactly once upstream", async () => {
    await Promise.all([ws.startWorker("worker-b"), ws.startWorker("worker-c")]);
    const { key, channel, to } = await sender();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => post(key, to, `parallel ${i}`)));
    expect(
      results.map((r) => r.status),
      logged(),
    ).toEqual(Array(50).fill(200));
    const ids = results.map((r) => r.body.data.messageId as string);
    expectEachOnce(await upstreamRequests(channel.phoneNumberId, to, ws.sandboxUrl), ids);
  }, 60_000);

  it("the same messages queued three times each, released at once to both workers: still sent once", async () => {
    await Promise.all([ws.startWorker("worker-b"), ws.startWorker("worker-c")]);
    const { key, orgId, channel, to } = await sender();
    const before = (await sends.getJobCounts("completed")).completed ?? 0;
    await sends.pause();
    let ids: string[];
    try {
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => post(key, to, `raced ${i}`)));
      // nothing ran: each request gave up waiting and said so, with the message id
      expect(
        results.map((r) => r.body?.error?.code),
        logged(),
      ).toEqual(Array(50).fill("SERVER_SERVICE_UNAVAILABLE"));
      for (const r of results) expectError(r, 503, "SERVER_SERVICE_UNAVAILABLE");
      ids = results.map((r) => r.body.error.details.messageId as string);
      // what the sweeper or a retried enqueue would add: more jobs for the same messages
      await sends.addBulk(
        ids.flatMap((messageId) =>
          ["again-1", "again-2"].map((n) => ({
            name: "sends",
            data: { organizationId: orgId, messageId },
            opts: { jobId: `${messageId}-${n}` },
          })),
        ),
      );
    } finally {
      await sends.resume();
    }
    await eventually(async () => {
      const counts = await sends.getJobCounts("wait", "active", "completed");
      return counts.wait === 0 && counts.active === 0 && (counts.completed ?? 0) >= before + 150;
    });
    expectEachOnce(await upstreamRequests(channel.phoneNumberId, to, ws.sandboxUrl), ids);
    const stored = await db().message.findMany({ where: { organizationId: orgId, direction: "outbound" } });
    expect(stored).toHaveLength(50);
    expect(stored.every((m) => ["sent", "delivered", "read"].includes(m.status))).toBe(true);
  }, 90_000);
});

describe("the upstream accepted, then our bookkeeping failed", () => {
  it("PostgreSQL gone while the upstream holds the send: the answer still carries the message id", async () => {
    await ws.startWorker("worker-b");
    const { key, orgId, channel, to } = await sender();
    // the sandbox keeps re-posting statuses our receiver could not take while PostgreSQL was away
    await sandboxAt(ws.sandboxUrl, "/_sandbox/app", "PUT", {
      webhook_retry_delays_ms: [1_000, 3_000, 6_000],
    });
    try {
      await injectFault(channel.phoneNumberId, { delay_ms: 2_000 }, ws.sandboxUrl);
      const pending = post(key, to, "accepted upstream");
      let res: Awaited<ReturnType<typeof post>>;
      try {
        await eventually(
          async () => (await upstreamRequests(channel.phoneNumberId, to, ws.sandboxUrl)).length === 1,
        );
        ws.stack.pgProxy.down();
        res = await pending;
      } finally {
        ws.stack.pgProxy.restore();
      }
      const [request] = await upstreamRequests(channel.phoneNumberId, to, ws.sandboxUrl);
      expect(request?.result).toBe(200);
      const settled = await eventually(async () => {
        const m = await db().message.findFirst({ where: { organizationId: orgId, direction: "outbound" } });
        return m && ["sent", "delivered", "read"].includes(m.status) ? m : undefined;
      });
      expect(settled.whatsappMessageId).toBe(request?.id);
      expect(await upstreamRequests(channel.phoneNumberId, to, ws.sandboxUrl)).toHaveLength(1);
      // it went out: the answer says so (200), or that it may have, with the id to check (503)
      expect([200, 503], `${res.status} ${res.text}\n${logged()}`).toContain(res.status);
      const messageId = res.status === 200 ? res.body.data.messageId : res.body.error.details?.messageId;
      expect(messageId, res.text).toBe(settled.id);
    } finally {
      await sandboxAt(ws.sandboxUrl, "/_sandbox/app", "PUT", { webhook_retry_delays_ms: [200, 1_000] });
    }
  }, 60_000);
});
