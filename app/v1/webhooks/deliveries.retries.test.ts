import { afterEach, describe, expect, it } from "vitest";
import { createTestOrg, pollUntil } from "@/scripts/test/helpers";
import {
  listDeliveries as deliveries,
  newContact,
  type Received,
  registerWebhook,
  TestReceiver,
  verifyServiceSignature,
  verifyStandardSignature,
} from "@/scripts/test/test-receiver";

const SECRET = "a-long-random-secret-of-at-least-32-chars";
const receivers: TestReceiver[] = [];

async function receiver(listen = true): Promise<TestReceiver> {
  const r = await TestReceiver.start(listen);
  receivers.push(r);
  return r;
}

afterEach(async () => {
  for (const r of receivers.splice(0)) await r.down();
});

const succeeded = (res: Received[], n: number) => res.filter((r) => r.status === 200).length >= n;

describe("retries", () => {
  it("keep the delivery id, sign each attempt with its own timestamp, and succeed exactly once", async () => {
    const hook = await receiver();
    hook.answer = ({ nth }) => ({ status: nth <= 2 ? 503 : 200, body: nth <= 2 ? "busy" : "ok" });
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url, { secret: SECRET });
    for (let i = 0; i < 3; i++) await newContact(key);
    // all three succeeded with no attempt due: no attempt is claimed after that (deliver.ts claims
    // only a pending delivery), and each claimed one (attempt_count) was received before its
    // answer was recorded, so what the receiver got is all it gets
    const listed = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d.length === 3 && d.every((x: { status: string }) => x.status === "succeeded"),
    );
    expect(succeeded(hook.received, 3)).toBe(true);

    const ids = [...new Set(hook.received.map((r) => r.deliveryId))];
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      const attempts = hook.of(id);
      expect(attempts.map((a) => a.status)).toEqual([503, 503, 200]);
      expect(attempts.every((a) => a.body.id === id && a.headers["webhook-id"] === id)).toBe(true);
      expect(
        attempts.every((a) => verifyServiceSignature(SECRET, a) && verifyStandardSignature(SECRET, a)),
      ).toBe(true);
      const stamps = attempts.map((a) => Number(a.headers["x-service-timestamp"]));
      expect(stamps).toEqual([...stamps].sort((x, y) => x - y));
      expect(new Set(stamps).size).toBe(3);
    }
    for (const d of listed) {
      expect(d.attempt_count).toBe(3);
      expect(d.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([503, 503, 200]);
      expect(d.attempts[0].response_snippet).toBe("busy");
      expect(d.next_attempt_at).toBeNull();
    }
  });

  it("a receiver down for the first attempts, then up: exactly one success per delivery id", async () => {
    const hook = await receiver(false);
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url, { secret: SECRET });
    await newContact(key);
    await newContact(key);
    await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d.length === 2 && d.every((x: { attempt_count: number }) => x.attempt_count >= 3),
    );
    await hook.up();
    const done = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d.every((x: { status: string }) => x.status === "succeeded"),
    );
    for (const d of done) {
      expect(hook.of(d.id)).toHaveLength(1);
      const codes = d.attempts.map((a: { status_code: number | null }) => a.status_code);
      expect(codes.at(-1)).toBe(200);
      expect(codes.slice(0, -1).every((c: number | null) => c === null)).toBe(true);
      expect(d.attempts[0].error).toMatch(/ECONNREFUSED/);
      expect(d.attempts.map((a: { attempt_number: number }) => a.attempt_number)).toEqual(
        codes.map((_: unknown, i: number) => i + 1),
      );
    }
  });
});
