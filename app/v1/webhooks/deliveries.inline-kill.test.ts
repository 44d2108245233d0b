/**
 * A worker killed while its inline first attempts (lib/webhooks/start-deliveries.ts) are in
 * flight: a stack of its own (web and sandbox, no worker) on a redis-server of its own, and
 * worker processes this file starts and kills, so the shared stack's worker takes nothing here.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sweepDeliveries } from "@/lib/maintenance/sweep-deliveries";
import { closeQueues, queue } from "@/lib/queues";
import { deliveryJobId } from "@/lib/webhooks/ensure-delivery-job";
import { apiAt, createTestOrg, pollUntil, randomPhone } from "@/scripts/test/helpers";
import { type Proc, startProcess, stopProcess, waitFor } from "@/scripts/test/processes";
import { sandboxAt } from "@/scripts/test/sandbox-client";
import { createChannelAt, freePort } from "@/scripts/test/send-helpers";
import { type Stack, type StackOptions, stackEnv, startStack } from "@/scripts/test/stack";
import { TestReceiver } from "@/scripts/test/test-receiver";

let redisServer: Proc | undefined;
let options: StackOptions;
let stack: Stack;
let sandboxUrl: string;
const workers: Proc[] = [];

async function startWorker(name: string): Promise<Proc> {
  const proc = startProcess(name, "node_modules/.bin/tsx", ["worker/index.ts"], {
    ...stackEnv(options),
    LOG_LEVEL: "info",
  });
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
  const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on("error", () => {});
  await waitFor(async () => (await probe.ping()) === "PONG", "our redis-server", 20_000);
  probe.disconnect();
  // this process's queues (the sweeper called below) reach the workers of this file
  process.env.REDIS_URL = redisUrl;

  const sandboxPort = await freePort();
  options = {
    webPort: await freePort(),
    pgProxyPort: await freePort(),
    redisProxyPort: await freePort(),
    sandboxPort,
    worker: false,
    env: { REDIS_URL: redisUrl, DATABASE_POOL_SIZE: "5" },
  };
  stack = await startStack(options);
  sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
}, 180_000);

afterAll(async () => {
  await Promise.all(workers.splice(0).map((w) => stopProcess(w)));
  await closeQueues();
  await stack?.stop();
  if (redisServer) await stopProcess(redisServer);
}, 60_000);

describe("a worker killed with inline first attempts in flight", () => {
  it("loses no delivery: the claim's lease hands them to the sweeper, and another worker delivers them", async () => {
    const hook = await TestReceiver.start();
    try {
      const { key, orgId } = await createTestOrg();
      const channel = await createChannelAt(orgId, sandboxUrl);
      const body = { url: hook.url, events: ["message.inbound"] };
      const res = await apiAt(stack.baseUrl, "/v1/webhooks", { method: "POST", key, body });
      expect(res.status, res.text).toBe(201);
      const webhookId: string = res.body.data.id;
      // the first attempts hang until the worker is gone; later ones are answered at once
      hook.answer = ({ nth }) => (nth === 1 ? { status: 200, delayMs: 8_000 } : { status: 200 });

      const worker = await startWorker("worker-a");
      const count = 4;
      for (let i = 0; i < count; i++) {
        const ack = await sandboxAt(sandboxUrl, "/_sandbox/inbound", "POST", {
          phone_number_id: channel.phoneNumberId,
          from: randomPhone().slice(1),
          message: { type: "text", text: { body: `in flight ${i}` } },
        });
        expect(ack.body.status, JSON.stringify(ack.body)).toBe(200);
      }
      await pollUntil(
        async () => hook.inFlight,
        (n) => n === count,
        20_000,
      );
      const inFlight = await db().delivery.findMany({ where: { webhookId }, orderBy: { id: "asc" } });
      expect(inFlight).toHaveLength(count);
      // made in-process: no job of their own to find again after the kill
      for (const d of inFlight) {
        expect([d.status, d.attemptCount]).toEqual(["pending", 1]);
        expect(await queue("deliveries").getJob(deliveryJobId(d.id, 1))).toBeUndefined();
      }
      await stopProcess(worker, "SIGKILL");

      await startWorker("worker-b");
      // the claims' lease ends (CLAIM_LEASE_MS): until then no other run may take them
      const leaseEnd = Math.max(...inFlight.map((d) => d.nextAttemptAt?.getTime() ?? 0));
      await new Promise((r) => setTimeout(r, Math.max(0, leaseEnd - Date.now()) + 500));
      await sweepDeliveries({ graceMs: 0, organizationId: orgId });

      const done = await pollUntil(
        () => db().delivery.findMany({ where: { webhookId }, orderBy: { id: "asc" } }),
        (d) => d.every((x) => x.status === "succeeded"),
        20_000,
      );
      expect(done.map((d) => d.id)).toEqual(inFlight.map((d) => d.id));
      for (const d of done) {
        // the killed attempt reached the endpoint unanswered; the next one succeeded
        expect(d.attemptCount).toBe(2);
        expect(hook.of(d.id)).toHaveLength(2);
        const attempts = await db().deliveryAttempt.findMany({ where: { deliveryId: d.id } });
        expect(attempts.map((a) => [a.attemptNumber, a.statusCode])).toEqual([[2, 200]]);
      }
    } finally {
      await hook.down();
    }
  }, 120_000);
});
