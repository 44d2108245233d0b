/**
 * At-most-once sends with worker processes we control: a separate web app (worker: false), its
 * own sandbox and its own Redis, so the shared stack's worker never takes these jobs.
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
import { type Proc, startProcess, stopProcess, waitFor } from "@/scripts/test/processes";
import { sandboxAt } from "@/scripts/test/sandbox-client";
import {
  createChannelAt,
  freePort,
  injectFault,
  MESSAGES,
  messageEvents,
  openWindow,
  upstreamRequests,
} from "@/scripts/test/send-helpers";
import { type Stack, type StackOptions, stackEnv, startStack } from "@/scripts/test/stack";

let redisServer: Proc | undefined;
let redisUrl: string;
let options: StackOptions;
let stack: Stack;
let sandboxUrl: string;
let sends: Queue;
const workers: Proc[] = [];

async function startWorker(name: string): Promise<Proc> {
  const env = { ...stackEnv(options), REDIS_URL: redisUrl, LOG_LEVEL: "info" };
  const proc = startProcess(name, "node_modules/.bin/tsx", ["worker/index.ts"], env);
  workers.push(proc);
  await waitFor(async () => proc.output.join("").includes("worker started"), `worker ${name}`);
  return proc;
}

beforeAll(async () => {
  const redisPort = await freePort();
  redisServer = startProcess(
    "redis",
    "redis-server",
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    process.env,
  );
  redisUrl = `redis://127.0.0.1:${redisPort}/0`;
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on("error", () => {});
  await waitFor(async () => (await probe.ping()) === "PONG", "our redis-server", 20_000);
  probe.disconnect();

  const sandboxPort = await freePort();
  options = {
    webPort: await freePort(),
    pgProxyPort: await freePort(),
    redisProxyPort: await freePort(),
    sandboxPort,
    worker: false,
    // small pools: PostgreSQL's connections are shared with the main stack (and other test runs)
    env: { REDIS_URL: redisUrl, SEND_TIMEOUT_MS: "10000", DATABASE_POOL_SIZE: "5" },
  };
  stack = await startStack(options);
  sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  sends = new Queue(QUEUES.sends.name, { connection: new Redis(redisUrl, { maxRetriesPerRequest: null }) });
}, 180_000);

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => stopProcess(w)));
});

afterAll(async () => {
  await sends?.close();
  await stack?.stop();
  if (redisServer) await stopProcess(redisServer);
}, 60_000);

async function sender() {
  const { key, orgId } = await createTestOrg();
  const channel = await createChannelAt(orgId, sandboxUrl);
  const to = randomPhone();
  await openWindow(orgId, channel.phoneNumberId, to, sandboxUrl);
  return { key, orgId, channel, to };
}

/** Errors and warnings the processes of this file logged: shown when an answer is not what we expect. */
function logged(): string {
  const lines = [...stack.procs, ...workers].flatMap((p) =>
    p.output
      .join("")
      .split("\n")
      .filter((l) => /"level":(40|50|60)/.test(l))
      .map((l) => `[${p.name}] ${l.slice(0, 400)}`),
  );
  return lines.slice(-20).join("\n");
}

const post = (key: string, to: string, body: string) =>
  apiAt(stack.baseUrl, MESSAGES, { method: "POST", key, body: { to, type: "text", text: { body } } });

describe("a worker killed mid-send", () => {
  it("makes exactly one upstream request; the Message still learns its wamid and ends sent", async () => {
    await startWorker("worker-a");
    const { key, orgId, channel, to } = await sender();
    await injectFault(channel.phoneNumberId, { delay_ms: 3_000 }, sandboxUrl);
    const idempotencyKey = crypto.randomUUID();
    const sendOnce = () =>
      apiAt(stack.baseUrl, MESSAGES, {
        method: "POST",
        key,
        headers: { "idempotency-key": idempotencyKey },
        body: { to, type: "text", text: { body: "in flight" } },
      });
    const pending = sendOnce();

    await eventually(
      async () => (await upstreamRequests(channel.phoneNumberId, to, sandboxUrl)).length === 1,
    );
    const inFlight = await db().message.findFirstOrThrow({
      where: { organizationId: orgId, direction: "outbound" },
    });
    expect(inFlight.status).toBe("sending");
    const [a] = workers;
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
    await startWorker("worker-b");
    const job = await sends.getJob(inFlight.id);
    expect(job).toBeDefined();
    await eventually(async () => (await sends.getJob(inFlight.id))?.finishedOn, 100_000);
    const finished = await sends.getJob(inFlight.id);
    expect(finished?.returnvalue?.status).not.toBe("failed");

    const requests = await upstreamRequests(channel.phoneNumberId, to, sandboxUrl);
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
    await Promise.all([startWorker("worker-b"), startWorker("worker-c")]);
    const { key, channel, to } = await sender();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => post(key, to, `parallel ${i}`)));
    expect(
      results.map((r) => r.status),
      logged(),
    ).toEqual(Array(50).fill(200));
    const ids = results.map((r) => r.body.data.messageId as string);
    expectEachOnce(await upstreamRequests(channel.phoneNumberId, to, sandboxUrl), ids);
  }, 60_000);

  it("the same messages queued three times each, released at once to both workers: still sent once", async () => {
    await Promise.all([startWorker("worker-b"), startWorker("worker-c")]);
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
            data: { messageId },
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
    }, 30_000);
    expectEachOnce(await upstreamRequests(channel.phoneNumberId, to, sandboxUrl), ids);
    const stored = await db().message.findMany({ where: { organizationId: orgId, direction: "outbound" } });
    expect(stored).toHaveLength(50);
    expect(stored.every((m) => ["sent", "delivered", "read"].includes(m.status))).toBe(true);
  }, 90_000);
});

describe("the upstream accepted, then our bookkeeping failed", () => {
  it("PostgreSQL gone while the upstream holds the send: the answer still carries the message id", async () => {
    await startWorker("worker-b");
    const { key, orgId, channel, to } = await sender();
    // the sandbox keeps re-posting statuses our receiver could not take while PostgreSQL was away
    await sandboxAt(sandboxUrl, "/_sandbox/app", "PUT", { webhook_retry_delays_ms: [1_000, 3_000, 6_000] });
    try {
      await injectFault(channel.phoneNumberId, { delay_ms: 2_000 }, sandboxUrl);
      const pending = post(key, to, "accepted upstream");
      let res: Awaited<ReturnType<typeof post>>;
      try {
        await eventually(
          async () => (await upstreamRequests(channel.phoneNumberId, to, sandboxUrl)).length === 1,
        );
        stack.pgProxy.down();
        res = await pending;
      } finally {
        stack.pgProxy.restore();
      }
      const [request] = await upstreamRequests(channel.phoneNumberId, to, sandboxUrl);
      expect(request?.result).toBe(200);
      const settled = await eventually(async () => {
        const m = await db().message.findFirst({ where: { organizationId: orgId, direction: "outbound" } });
        return m && ["sent", "delivered", "read"].includes(m.status) ? m : undefined;
      }, 30_000);
      expect(settled.whatsappMessageId).toBe(request?.id);
      expect(await upstreamRequests(channel.phoneNumberId, to, sandboxUrl)).toHaveLength(1);
      // it went out: the answer says so (200), or that it may have, with the id to check (503)
      expect([200, 503], `${res.status} ${res.text}\n${logged()}`).toContain(res.status);
      const messageId = res.status === 200 ? res.body.data.messageId : res.body.error.details?.messageId;
      expect(messageId, res.text).toBe(settled.id);
    } finally {
      await sandboxAt(sandboxUrl, "/_sandbox/app", "PUT", { webhook_retry_delays_ms: [200, 1_000] });
    }
  }, 60_000);
});
