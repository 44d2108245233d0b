import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { closeQueues, queue } from "@/lib/queues";
import { deliveryJobId } from "@/lib/webhooks/ensure-delivery-job";
import {
  createTestChannel,
  createTestOrg,
  eventually,
  inbound,
  pollUntil,
  randomPhone,
} from "@/scripts/test/helpers";
import { counterValue, scrapeWorker } from "@/scripts/test/metrics-text";
import { expectDeliveredOnce, holdOrgSlots } from "@/scripts/test/org-slots-helpers";
import { registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

/**
 * The worker makes the first attempt of the deliveries it records itself (an inbound message's
 * events here) in-process, without a job (lib/webhooks/start-deliveries.ts). One it cannot make
 * now goes the job way.
 */
afterAll(async () => {
  await closeQueues();
});

/** the worker's attempts that stepped aside for their organization's share */
function postponements(text: string): number {
  return counterValue(text, "messaging_webhook_delivery_postponements_total", { reason: "org_share" });
}

describe("an inline first attempt postponed by the organization's in-flight share", () => {
  it("is queued as the attempt's job and delivered once the share frees up", async () => {
    const hook = await TestReceiver.start();
    try {
      const { key, orgId } = await createTestOrg();
      const channel = await createTestChannel(orgId);
      const webhookId = await registerWebhook(key, hook.url, { events: ["message.inbound"] });
      const releaseSlots = await holdOrgSlots(orgId);
      const postponedBefore = postponements(await scrapeWorker());

      const ack = await inbound(channel.phoneNumberId, randomPhone().slice(1), {
        type: "text",
        text: { body: "held back" },
      });
      expect(ack.status).toBe(200);
      const delivery = await eventually(() => db().delivery.findFirst({ where: { webhookId } }));
      // the postponed attempt lives on as its job (put back again and again while the share is taken)
      const job = await eventually(() => queue("deliveries").getJob(deliveryJobId(delivery.id, 1)));
      expect(job.data).toEqual({ deliveryId: delivery.id });
      // each turn claims the row (attempt 1) and gives it back (attempt 0) within milliseconds, so
      // one read may catch the claim: between turns the row is pending with no attempt counted
      const waiting = await pollUntil(
        () => db().delivery.findUniqueOrThrow({ where: { id: delivery.id } }),
        (d) => d.attemptCount === 0,
      );
      expect([waiting.status, waiting.attemptCount]).toEqual(["pending", 0]);
      expect(hook.received).toHaveLength(0);
      // never in silence: each step aside is counted on the worker's /metrics
      expect(postponements(await scrapeWorker())).toBeGreaterThan(postponedBefore);

      await releaseSlots();
      await expectDeliveredOnce(hook, delivery.id);
      expect(hook.of(delivery.id)[0]?.body.event).toBe("message.inbound");
    } finally {
      await hook.down();
    }
  }, 60_000);
});

describe("inline first attempts", () => {
  it("are made without a job: each delivery sent once, attempt 1, and no job left for it", async () => {
    const hook = await TestReceiver.start();
    try {
      const { key, orgId } = await createTestOrg();
      const channel = await createTestChannel(orgId);
      const webhookId = await registerWebhook(key, hook.url, {
        events: ["message.inbound", "contact.created"],
      });
      for (let i = 0; i < 3; i++) {
        const ack = await inbound(channel.phoneNumberId, randomPhone().slice(1), {
          type: "text",
          text: { body: `hello ${i}` },
        });
        expect(ack.status).toBe(200);
      }
      const done = await pollUntil(
        () => db().delivery.findMany({ where: { webhookId } }),
        (d) => d.length === 6 && d.every((x) => x.status === "succeeded"),
      );
      for (const d of done) {
        expect(d.attemptCount).toBe(1);
        expect(hook.of(d.id)).toHaveLength(1);
        expect(await queue("deliveries").getJob(deliveryJobId(d.id, 1))).toBeUndefined();
      }
    } finally {
      await hook.down();
    }
  }, 60_000);
});

describe("an inline first attempt that fails", () => {
  it("is retried by the next attempt's job, as a job's attempt is", async () => {
    const hook = await TestReceiver.start();
    hook.answer = ({ nth }) => ({ status: nth === 1 ? 500 : 200 });
    try {
      const { key, orgId } = await createTestOrg();
      const channel = await createTestChannel(orgId);
      const webhookId = await registerWebhook(key, hook.url, { events: ["message.inbound"] });
      const ack = await inbound(channel.phoneNumberId, randomPhone().slice(1), {
        type: "text",
        text: { body: "again" },
      });
      expect(ack.status).toBe(200);
      const delivery = await eventually(() => db().delivery.findFirst({ where: { webhookId } }));
      const done = await pollUntil(
        () => db().delivery.findUniqueOrThrow({ where: { id: delivery.id } }),
        (d) => d.status === "succeeded",
      );
      expect(done.attemptCount).toBe(2);
      const attempts = await db().deliveryAttempt.findMany({
        where: { deliveryId: delivery.id },
        orderBy: { attemptNumber: "asc" },
      });
      expect(attempts.map((a) => [a.attemptNumber, a.statusCode])).toEqual([
        [1, 500],
        [2, 200],
      ]);
      expect(hook.of(delivery.id).map((r) => r.status)).toEqual([500, 200]);
      expect(await queue("deliveries").getJob(deliveryJobId(delivery.id, 1))).toBeUndefined();
      expect(await queue("deliveries").getJob(deliveryJobId(delivery.id, 2))).toBeDefined();
    } finally {
      await hook.down();
    }
  }, 60_000);
});
