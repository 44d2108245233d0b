/**
 * A worker killed while its inline first attempts (lib/webhooks/start-deliveries.ts) are in
 * flight: a stack of its own (web and sandbox, no worker) on a redis-server of its own, and
 * worker processes this file starts and kills, so the shared stack's worker takes nothing here.
 *
 * Why it is slow (47 s in a run of `npm test` on a 2-core machine, 2026-12-01): it boots that stack and three workers, and the deliveries a
 * killed worker held wait for their claim's lease to end (CLAIM_LEASE_MS, 30 s) before the sweeper
 * may hand them to another: the lease is what keeps an attempt from being made twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sweepDeliveries } from "@/lib/maintenance/sweep-deliveries";
import { closeQueues, queue } from "@/lib/queues";
import { deliveryJobId } from "@/lib/webhooks/ensure-delivery-job";
import { apiAt, createTestOrg, eventually, pollUntil, randomPhone } from "@/scripts/test/helpers";
import { stopProcess } from "@/scripts/test/processes";
import { sandboxAt } from "@/scripts/test/sandbox-client";
import { createChannelAt } from "@/scripts/test/send-helpers";
import { TestReceiver } from "@/scripts/test/test-receiver";
import { startWorkerStack, type WorkerStack } from "@/scripts/test/worker-stack";

let ws: WorkerStack;

async function newOrgWithWebhook(url: string) {
  const { key, orgId } = await createTestOrg();
  const channel = await createChannelAt(orgId, ws.sandboxUrl);
  const body = { url, events: ["message.inbound"] };
  const res = await apiAt(ws.stack.baseUrl, "/v1/webhooks", { method: "POST", key, body });
  expect(res.status, res.text).toBe(201);
  return { orgId, channel, webhookId: res.body.data.id as string };
}

async function customersWrite(phoneNumberId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const ack = await sandboxAt(ws.sandboxUrl, "/_sandbox/inbound", "POST", {
      phone_number_id: phoneNumberId,
      from: randomPhone().slice(1),
      message: { type: "text", text: { body: `in flight ${i}` } },
    });
    expect(ack.body.status, JSON.stringify(ack.body)).toBe(200);
  }
}

beforeAll(async () => {
  ws = await startWorkerStack();
  // this process's queues (the sweeper called below) reach the workers of this file
  process.env.REDIS_URL = ws.redisUrl;
}, 180_000);

afterEach(() => ws?.stopWorkers());

afterAll(async () => {
  await closeQueues();
  await ws?.stop();
}, 60_000);

describe("a worker killed with inline first attempts in flight", () => {
  it("loses no delivery: the claim's lease hands them to the sweeper, and another worker delivers them", async () => {
    const hook = await TestReceiver.start();
    try {
      const { orgId, channel, webhookId } = await newOrgWithWebhook(hook.url);
      // the first attempts hang until the worker is gone; later ones are answered at once
      hook.answer = ({ nth }) => (nth === 1 ? { status: 200, delayMs: 8_000 } : { status: 200 });

      const worker = await ws.startWorker("worker-a");
      const count = 4;
      await customersWrite(channel.phoneNumberId, count);
      await pollUntil(
        async () => hook.inFlight,
        (n) => n === count,
      );
      const inFlight = await db().delivery.findMany({ where: { webhookId }, orderBy: { id: "asc" } });
      expect(inFlight).toHaveLength(count);
      // made in-process: no job of their own to find again after the kill
      for (const d of inFlight) {
        expect([d.status, d.attemptCount]).toEqual(["pending", 1]);
        expect(await queue("deliveries").getJob(deliveryJobId(d.id, 1))).toBeUndefined();
      }
      await stopProcess(worker, "SIGKILL");

      await ws.startWorker("worker-b");
      // the sweeper hands each back once its claim's lease ends (CLAIM_LEASE_MS, the due time
      // the claim wrote); until then no other run may take them
      let requeued = 0;
      await eventually(async () => {
        requeued += (await sweepDeliveries({ graceMs: 0, organizationId: orgId })).requeued;
        return requeued >= count;
      });

      const done = await pollUntil(
        () => db().delivery.findMany({ where: { webhookId }, orderBy: { id: "asc" } }),
        (d) => d.every((x) => x.status === "succeeded"),
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

describe("a worker stopped (SIGTERM) with inline first attempts in flight", () => {
  it("waits for them before it exits: each delivered once, as attempt 1", async () => {
    const hook = await TestReceiver.start();
    try {
      const { channel, webhookId } = await newOrgWithWebhook(hook.url);
      hook.answer = () => ({ status: 200, delayMs: 2_000 });
      const worker = await ws.startWorker("worker-c");
      const count = 3;
      await customersWrite(channel.phoneNumberId, count);
      await pollUntil(
        async () => hook.inFlight,
        (n) => n === count,
      );
      const exited = new Promise((resolve) => worker.child.once("exit", resolve));
      if (worker.child.pid !== undefined) process.kill(-worker.child.pid, "SIGTERM");
      await exited;
      // no worker runs now: what is done was done by the stopping one
      const done = await db().delivery.findMany({ where: { webhookId } });
      expect(done.map((d) => [d.status, d.attemptCount])).toEqual(done.map(() => ["succeeded", 1]));
      expect(done).toHaveLength(count);
      for (const d of done) expect(hook.of(d.id)).toHaveLength(1);
    } finally {
      await hook.down();
    }
  }, 60_000);
});
