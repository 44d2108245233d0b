import { afterAll, afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { closeQueues, queue } from "@/lib/queues";
import { deliveryJobId } from "@/lib/webhooks/ensure-delivery-job";
import { api, createTestOrg, eventually, expectError, pollUntil, randomPhone } from "@/scripts/test/helpers";
import { registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

const receivers: TestReceiver[] = [];

async function receiver(): Promise<TestReceiver> {
  const r = await TestReceiver.start();
  receivers.push(r);
  return r;
}

afterEach(async () => {
  for (const r of receivers.splice(0)) await r.down();
});

afterAll(async () => {
  await closeQueues();
});

async function newContact(key: string): Promise<void> {
  const res = await api("/v1/contacts", { method: "POST", key, body: { phone: randomPhone() } });
  expect(res.status).toBe(201);
}

const deliveries = async (key: string, webhookId: string) =>
  (await api(`/v1/webhooks/${webhookId}/deliveries`, { key })).body.data;

describe("410 Gone", () => {
  it("disables the webhook and fails the delivery; a redelivery after re-enabling continues the attempts", async () => {
    const hook = await receiver();
    hook.answer = ({ nth }) => ({ status: nth === 1 ? 410 : 200 });
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url);
    await newContact(key);
    const [failed] = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.status === "failed",
    );
    expect(failed.attempts).toHaveLength(1);
    expect(failed.attempts[0]).toMatchObject({ attempt_number: 1, status_code: 410 });
    expect(failed.attempts[0].error).toMatch(/disabled/);
    const webhook = (await api(`/v1/webhooks/${webhookId}`, { key })).body.data;
    expect(webhook.status).toBe("disabled");
    expect(webhook.disabled_reason).toMatch(/410 Gone/);

    // a delivery is written with its event, in the statement that creates the contact, for the
    // active webhooks only: none for this one, so nothing is sent (no wait would add anything)
    await newContact(key);
    expect(await deliveries(key, webhookId)).toHaveLength(1);
    expect(hook.received).toHaveLength(1);

    const retry = `/v1/webhooks/${webhookId}/deliveries/${failed.id}/retry`;
    expectError(await api(retry, { method: "POST", key }), 400, "VALIDATION_INVALID_FIELD");
    await api(`/v1/webhooks/${webhookId}`, { method: "PATCH", key, body: { status: "active" } });
    const res = await api(retry, { method: "POST", key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: failed.id, status: "pending" });
    const [done] = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.status === "succeeded",
    );
    expect(done.attempts.map((a: { attempt_number: number }) => a.attempt_number)).toEqual([1, 2]);
    expect(hook.of(failed.id).map((r) => r.status)).toEqual([410, 200]);
  });
});

describe("redeliver", () => {
  it("sends a succeeded delivery again with the same id, as the next attempt", async () => {
    const hook = await receiver();
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url);
    await newContact(key);
    const [first] = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.status === "succeeded",
    );
    const res = await api(`/v1/webhooks/${webhookId}/deliveries/${first.id}/retry`, { method: "POST", key });
    expect(res.status).toBe(200);
    await pollUntil(
      async () => hook.of(first.id),
      (r) => r.length === 2,
    );
    const [again] = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.status === "succeeded" && d[0]?.attempt_count === 2,
    );
    expect(again.attempts.map((a: { attempt_number: number }) => a.attempt_number)).toEqual([1, 2]);
    expect(hook.of(first.id).map((r) => r.body.id)).toEqual([first.id, first.id]);
  });
});

describe("disabling a webhook", () => {
  it("fails its pending deliveries and stops the attempts", async () => {
    const hook = await receiver();
    hook.answer = () => ({ status: 500 });
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url);
    await newContact(key);
    await pollUntil(
      () => deliveries(key, webhookId),
      (d) => (d[0]?.attempt_count ?? 0) >= 2,
    );
    await api(`/v1/webhooks/${webhookId}`, { method: "PATCH", key, body: { status: "disabled" } });
    const [d] = await pollUntil(
      () => deliveries(key, webhookId),
      (x) => x[0]?.status === "failed",
    );
    expect(d.next_attempt_at).toBeNull();
    // every claimed attempt recorded (one in flight at the disable queues its successor's job as
    // it is recorded), then that job has run and found the delivery failed: the attempt that must
    // not happen would have come before it
    const last = (await db().delivery.findUniqueOrThrow({ where: { id: d.id } })).attemptCount;
    await eventually(
      async () => (await db().deliveryAttempt.count({ where: { deliveryId: d.id } })) === last,
    );
    await eventually(async () => {
      const job = await queue("deliveries").getJob(deliveryJobId(d.id, last + 1));
      return job === undefined || ["completed", "failed"].includes(await job.getState());
    });
    expect(hook.of(d.id)).toHaveLength(last);
    const after = await db().delivery.findUniqueOrThrow({ where: { id: d.id } });
    expect(after).toMatchObject({ status: "failed", attemptCount: last, nextAttemptAt: null });
  });
});

describe("redirects", () => {
  it("are not followed, to a private address or anywhere: a 3xx is a failed attempt", async () => {
    const target = await receiver();
    const hook = await receiver();
    hook.answer = () => ({
      status: 302,
      headers: { Location: `http://127.0.0.1:${target.port}/latest/meta-data` },
    });
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url);
    await newContact(key);
    const [d] = await pollUntil(
      () => deliveries(key, webhookId),
      (x) => (x[0]?.attempt_count ?? 0) >= 2,
    );
    expect(d.status).toBe("pending");
    expect(d.attempts[0]).toMatchObject({ status_code: 302 });
    expect(d.attempts[0].error).toMatch(/redirects are not followed/);
    expect(target.received).toHaveLength(0);
    await api(`/v1/webhooks/${webhookId}`, { method: "DELETE", key });
  });
});
