import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { reserveDeliverySlot } from "@/lib/webhooks/delivery-rate";
import { api, createTestOrg, pollUntil } from "@/scripts/test/helpers";
import {
  listDeliveries as deliveries,
  newContact,
  registerWebhook,
  TestReceiver,
} from "@/scripts/test/test-receiver";

const receivers: TestReceiver[] = [];

async function receiver(): Promise<TestReceiver> {
  const r = await TestReceiver.start();
  receivers.push(r);
  return r;
}

afterEach(async () => {
  for (const r of receivers.splice(0)) await r.down();
});

type Attempt = { attempt_number: number; started_at: string; status_code: number | null };

describe("a webhook's delivery rate limit", () => {
  it("spreads a burst over time: at most rate_limit deliveries a second reach the endpoint", async () => {
    const hook = await receiver();
    const { key } = await createTestOrg();
    const res = await api("/v1/webhooks", {
      method: "POST",
      key,
      body: { url: hook.url, events: ["contact.created"], rate_limit: 2 },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.rate_limit).toBe(2);
    const webhookId = res.body.data.id;
    await Promise.all(Array.from({ length: 6 }, () => newContact(key)));
    const done = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d.length === 6 && d.every((x: { status: string }) => x.status === "succeeded"),
    );
    expect(done).toHaveLength(6);
    // every delivery once, each in its own slot: 6 at 2 a second span 2.5 s from first to last (a busy
    // machine may start one late, never one early: 500 ms of slack)
    const starts = done
      .map((d: { attempts: Attempt[] }) => Date.parse(d.attempts[0]?.started_at ?? ""))
      .sort();
    expect(hook.received).toHaveLength(6);
    expect((starts.at(-1) ?? 0) - (starts[0] ?? 0)).toBeGreaterThanOrEqual(2_000);
  });

  it("reserves evenly spaced slots in Redis: a burst of reservations at one instant gets now, +1/rate s, …", async () => {
    const webhookId = `wbk_${randomBytes(12).toString("hex")}`;
    const now = Date.now();
    const slots = [];
    for (let i = 0; i < 5; i++) slots.push(await reserveDeliverySlot(webhookId, 4, now));
    expect(slots.map((slot) => slot - now)).toEqual([0, 250, 500, 750, 1000]);
    // once the schedule has caught up with the clock, the next slot is now again
    expect(await reserveDeliverySlot(webhookId, 4, now + 5_000)).toBe(now + 5_000);
  });

  it("is set, changed and removed through the API; bad values get VALIDATION_INVALID_FIELD", async () => {
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, (await TestReceiver.start(false)).url);
    const set = await api(`/v1/webhooks/${webhookId}`, { method: "PATCH", key, body: { rate_limit: 50 } });
    expect(set.body.data.rate_limit).toBe(50);
    const cleared = await api(`/v1/webhooks/${webhookId}`, {
      method: "PATCH",
      key,
      body: { rate_limit: null },
    });
    expect(cleared.body.data.rate_limit).toBeNull();
    for (const bad of [0, -1, 1.5, 1001, "10"]) {
      const res = await api(`/v1/webhooks/${webhookId}`, { method: "PATCH", key, body: { rate_limit: bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_INVALID_FIELD");
      expect(res.body.error.details.field).toBe("rate_limit");
    }
  });
});

describe("Retry-After on 429 and 503", () => {
  it("delays the next attempt as the receiver asks (within the schedule); a 500's Retry-After is not honoured", async () => {
    const hook = await receiver();
    hook.answer = ({ nth }) =>
      nth === 1 ? { status: 429, headers: { "retry-after": "2" } } : { status: 200 };
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url);
    await newContact(key);
    const [first] = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.attempts.length >= 1,
    );
    const attempt = first.attempts[0] as Attempt;
    expect(attempt.status_code).toBe(429);
    const delivery = await db().delivery.findUniqueOrThrow({ where: { id: first.id } });
    // the stored due time, not a clock: the schedule alone would say ~5 ms (WEBHOOK_RETRY_SCALE)
    expect((delivery.nextAttemptAt?.getTime() ?? 0) - Date.parse(attempt.started_at)).toBeGreaterThanOrEqual(
      2_000,
    );
    const [done] = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.status === "succeeded",
    );
    expect(done.attempts.map((a: Attempt) => a.status_code)).toEqual([429, 200]);
    expect(Date.parse(done.attempts[1].started_at) - Date.parse(attempt.started_at)).toBeGreaterThanOrEqual(
      2_000,
    );

    const other = await receiver();
    other.answer = ({ nth }) =>
      nth === 1 ? { status: 500, headers: { "retry-after": "60" } } : { status: 200 };
    const second = await registerWebhook(key, other.url);
    await newContact(key);
    const [retried] = await pollUntil(
      () => deliveries(key, second),
      (d) => d[0]?.status === "succeeded",
    );
    expect(retried.attempts.map((a: Attempt) => a.status_code)).toEqual([500, 200]);
  });
});

describe("a webhook without a single success for 5 days is disabled", () => {
  it("is disabled with its reason, its pending deliveries failed; enabling it again starts afresh", async () => {
    const hook = await receiver();
    hook.answer = () => ({ status: 500 });
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url);
    // failing since 6 days (as the worker records a streak's first failure)
    await db().webhook.update({
      where: { id: webhookId },
      data: { failingSince: new Date(Date.now() - 6 * 86_400_000) },
    });
    await newContact(key);
    const webhook = await pollUntil(
      async () => (await api(`/v1/webhooks/${webhookId}`, { key })).body.data,
      (w) => w.status === "disabled",
    );
    expect(webhook).toMatchObject({ status: "disabled", auto_disabled: true });
    expect(webhook.disabled_reason).toMatch(
      /^no delivery succeeded for 5 days \(failing since \d{4}-\d\d-\d\d \d\d:\d\d UTC; the last attempt answered 500\)$/,
    );
    expect(Date.parse(webhook.disabled_at)).not.toBeNaN();
    const [failed] = await deliveries(key, webhookId);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toHaveLength(1);

    const enabled = await api(`/v1/webhooks/${webhookId}`, {
      method: "PATCH",
      key,
      body: { status: "active" },
    });
    expect(enabled.body.data).toMatchObject({
      status: "active",
      auto_disabled: false,
      disabled_reason: null,
      disabled_at: null,
    });
    expect((await db().webhook.findUniqueOrThrow({ where: { id: webhookId } })).failingSince).toBeNull();
  });

  it("a failure starts the streak, a success ends it; a young streak disables nothing", async () => {
    const hook = await receiver();
    hook.answer = ({ nth }) => (nth === 1 ? { status: 503 } : { status: 200 });
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url);
    await newContact(key);
    await pollUntil(
      async () => (await db().webhook.findUniqueOrThrow({ where: { id: webhookId } })).failingSince,
      (since) => since !== null,
    );
    const [done] = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.status === "succeeded",
    );
    expect(done.attempts.map((a: Attempt) => a.status_code)).toEqual([503, 200]);
    const row = await db().webhook.findUniqueOrThrow({ where: { id: webhookId } });
    expect(row).toMatchObject({ status: "active", failingSince: null, autoDisabled: false });
  });
});
