import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestOrg, expectError, pollUntil } from "@/scripts/test/helpers";
import {
  listDeliveries as deliveries,
  newContact,
  registerWebhook,
  TestReceiver,
} from "@/scripts/test/test-receiver";

const receivers: TestReceiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.down();
});

type Listed = { id: string; status: string; attempt_count: number; created_at: string };

/** Deliveries made and then failed as a spent schedule leaves them (8 attempts are minutes even scaled). */
async function failedDeliveries(key: string, webhookId: string, n: number): Promise<Listed[]> {
  for (let i = 0; i < n; i++) await newContact(key);
  const made = await pollUntil(
    () => deliveries(key, webhookId),
    (d) => d.length === n && d.every((x: Listed) => x.attempt_count >= 1 && x.status !== "pending"),
  );
  await db().delivery.updateMany({ where: { webhookId }, data: { status: "failed", nextAttemptAt: null } });
  return made;
}

describe("POST /v1/webhooks/{id}/recover", () => {
  it("redelivers every failed delivery since a time, with the same ids, and answers the count", async () => {
    const hook = await TestReceiver.start();
    receivers.push(hook);
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url);
    const made = await failedDeliveries(key, webhookId, 3);
    const oldest = made.map((d) => d.created_at).sort()[0];

    const res = await api(`/v1/webhooks/${webhookId}/recover`, {
      method: "POST",
      key,
      body: { since: oldest },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ count: 3, more: false });
    const done = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d.every((x: Listed) => x.status === "succeeded"),
    );
    expect(done.map((d: Listed) => d.id).sort()).toEqual(made.map((d) => d.id).sort());
    for (const d of done) expect(d.attempt_count).toBe(2);
    expect(hook.received.map((r) => r.deliveryId).sort()).toEqual(
      [...made.map((d) => d.id), ...made.map((d) => d.id)].sort(),
    );

    // nothing failed is left: a second call queues nothing
    const again = await api(`/v1/webhooks/${webhookId}/recover`, {
      method: "POST",
      key,
      body: { since: oldest },
    });
    expect(again.body.data).toEqual({ count: 0, more: false });
  });

  it("leaves failures outside [since, until) alone", async () => {
    const hook = await TestReceiver.start();
    receivers.push(hook);
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url);
    await failedDeliveries(key, webhookId, 1);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const res = await api(`/v1/webhooks/${webhookId}/recover`, {
      method: "POST",
      key,
      body: { since: future },
    });
    expect(res.body.data).toEqual({ count: 0, more: false });
    const until = await api(`/v1/webhooks/${webhookId}/recover`, {
      method: "POST",
      key,
      body: { since: "2020-01-01T00:00:00Z", until: "2020-01-02T00:00:00Z" },
    });
    expect(until.body.data).toEqual({ count: 0, more: false });
  });

  it("refuses bad input, a disabled webhook and another organization's webhook", async () => {
    const a = await createTestOrg();
    const b = await createTestOrg();
    const hook = await TestReceiver.start(false);
    const webhookId = await registerWebhook(a.key, hook.url);
    const url = `/v1/webhooks/${webhookId}/recover`;
    expectError(await api(url, { method: "POST", key: a.key, body: {} }), 400, "VALIDATION_MISSING_FIELD");
    const bad = await api(url, { method: "POST", key: a.key, body: { since: "last tuesday" } });
    expectError(bad, 400, "VALIDATION_INVALID_FIELD");
    expect(bad.body.error.details.field).toBe("since");
    expectError(
      await api(url, { method: "POST", key: b.key, body: { since: "2026-01-01T00:00:00Z" } }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    await api(`/v1/webhooks/${webhookId}`, { method: "PATCH", key: a.key, body: { status: "disabled" } });
    const disabled = await api(url, { method: "POST", key: a.key, body: { since: "2026-01-01T00:00:00Z" } });
    expectError(disabled, 400, "VALIDATION_INVALID_FIELD");
  });
});
