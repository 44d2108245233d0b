import { afterAll, afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { closeQueues, queue } from "@/lib/queues";
import { deliveryJobId } from "@/lib/webhooks/ensure-delivery-job";
import { orgSlotLimit } from "@/lib/webhooks/org-slots";
import { api, createTestOrg, eventually, pollUntil, randomPhone } from "@/scripts/test/helpers";
import { expectDeliveredOnce, holdOrgSlots } from "@/scripts/test/org-slots-helpers";
import { registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

const receivers: TestReceiver[] = [];

afterEach(async () => {
  for (const r of receivers.splice(0)) await r.down();
});

afterAll(async () => {
  await closeQueues();
});

async function contacts(key: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, () =>
      api("/v1/contacts", { method: "POST", key, body: { phone: randomPhone() } }),
    );
    for (const res of await Promise.all(batch)) expect(res.status).toBe(201);
  }
}

describe("fairness between organizations", () => {
  it("a slow endpoint with a large backlog does not delay another organization's delivery", async () => {
    const slow = await TestReceiver.start();
    const fast = await TestReceiver.start();
    receivers.push(slow, fast);
    // the slow endpoint answers nothing until the other organization's delivery has arrived (or the
    // test gives up waiting for it): an order, whatever the machine's pace (an 8 s delay was
    // outrun by a loaded CI machine, which answered 7 of the backlog first)
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    slow.answer = () => ({ status: 200, until: released });
    const a = await createTestOrg();
    const b = await createTestOrg();
    const slowHook = await registerWebhook(a.key, slow.url);
    await registerWebhook(b.key, fast.url);

    // more deliveries than the worker runs at once (50): without a per-organization share,
    // this backlog would hold every slot for 8 s
    await contacts(a.key, 70);
    await pollUntil(
      async () => slow.inFlight,
      (n) => n >= orgSlotLimit("webhooks"),
    );

    // the other organization's delivery arrives while the slow endpoint holds its whole share:
    // without a per-organization share the backlog would hold every slot and it would not arrive
    let slowAnsweredWhenFastArrived: number | undefined;
    fast.answer = () => {
      slowAnsweredWhenFastArrived ??= slow.answered;
      release();
      return { status: 200 };
    };
    await contacts(b.key, 1);
    try {
      await pollUntil(
        async () => fast.received.length,
        (n) => n >= 1,
      );
    } finally {
      release();
    }
    expect(fast.received).toHaveLength(1);
    expect(slowAnsweredWhenFastArrived).toBe(0);
    expect(slow.maxInFlight).toBeLessThanOrEqual(orgSlotLimit("webhooks"));

    // the slow organization is still served, a share at a time
    await pollUntil(
      async () => slow.received.length,
      (n) => n >= 2 * orgSlotLimit("webhooks"),
    );
    expect(slow.maxInFlight).toBeLessThanOrEqual(orgSlotLimit("webhooks"));
    await api(`/v1/webhooks/${slowHook}`, { method: "DELETE", key: a.key });
  }, 60_000);
});

describe("an attempt claimed while its organization's share is full", () => {
  it("is given back: attempt count and due time as they were, then delivered as attempt 1", async () => {
    const hook = await TestReceiver.start();
    receivers.push(hook);
    const { key, orgId } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url);
    const releaseSlots = await holdOrgSlots(orgId);

    await contacts(key, 1);
    const delivery = await eventually(() => db().delivery.findFirst({ where: { webhookId } }));
    const jobId = deliveryJobId(delivery.id, 1);
    // the row read while the job is delayed, and the job not started again meanwhile: a state
    // between two runs, each of which claimed the attempt and gave it back
    const between = await eventually(async () => {
      const before = await queue("deliveries").getJob(jobId);
      const state = await before?.getState();
      const row = await db().delivery.findUniqueOrThrow({ where: { id: delivery.id } });
      const after = await queue("deliveries").getJob(jobId);
      const settled =
        before !== undefined &&
        state === "delayed" &&
        before.attemptsStarted >= 2 &&
        (await after?.getState()) === "delayed" &&
        after?.attemptsStarted === before.attemptsStarted;
      return settled ? row : null;
    });
    expect(between).toMatchObject({
      status: "pending",
      attemptCount: 0,
      nextAttemptAt: delivery.createdAt,
      lastAttemptAt: null,
    });
    expect(hook.received).toHaveLength(0);
    expect(await db().deliveryAttempt.count({ where: { deliveryId: delivery.id } })).toBe(0);

    await releaseSlots();
    await expectDeliveredOnce(hook, delivery.id);
  }, 60_000);
});
