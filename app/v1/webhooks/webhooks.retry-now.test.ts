import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestOrg, eventually, expectError, pollUntil } from "@/scripts/test/helpers";
import { newContact, registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

/**
 * POST /v1/webhooks/{id}/retry-now. Deliveries are made to fail for real (the receiver answers
 * 500), then parked as a fixed endpoint finds them: every attempt recorded and the next one an
 * hour away (as the retry schedule puts it after a few failures).
 */
const receivers: TestReceiver[] = [];

afterEach(async () => {
  for (const r of receivers.splice(0)) await r.down();
});

const HOUR = 3_600_000;

/** Parks the webhook's retrying deliveries: attempts recorded, next one an hour away. */
async function parkRetrying(webhookId: string, expected: number): Promise<string[]> {
  return pollUntil(
    async () => {
      const rows = await db().$queryRaw<{ id: string }[]>`
        UPDATE deliveries d SET next_attempt_at = ${new Date(Date.now() + HOUR)}
        WHERE d.webhook_id = ${webhookId} AND d.status = 'pending' AND d.attempt_count >= 2
          AND EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.delivery_id = d.id AND a.attempt_number = d.attempt_count)
        RETURNING d.id`;
      const waiting = await db().delivery.count({
        where: { webhookId, status: "pending", nextAttemptAt: { gt: new Date(Date.now() + HOUR / 2) } },
      });
      return waiting === expected ? rows.map((r) => r.id) : [];
    },
    (ids) => ids.length > 0,
  ).then(async () =>
    (await db().delivery.findMany({ where: { webhookId }, select: { id: true } })).map((d) => d.id),
  );
}

async function failingWebhook(key: string, contacts: number) {
  const hook = await TestReceiver.start();
  receivers.push(hook);
  hook.answer = () => ({ status: 500, body: '{"error":"receiver is down"}' });
  const webhookId = await registerWebhook(key, hook.url);
  for (let i = 0; i < contacts; i++) await newContact(key);
  const ids = await parkRetrying(webhookId, contacts);
  return { hook, webhookId, ids };
}

const retryNow = (key: string, webhookId: string, body: unknown = {}) =>
  api(`/v1/webhooks/${webhookId}/retry-now`, { method: "POST", key, body });

describe("POST /v1/webhooks/{id}/retry-now", () => {
  it("after the endpoint is fixed, the waiting deliveries go out now, each once, attempt numbers continuing", async () => {
    const { key } = await createTestOrg();
    const { hook, webhookId, ids } = await failingWebhook(key, 3);
    const before = await db().delivery.findMany({ where: { webhookId }, orderBy: { id: "asc" } });
    hook.answer = () => ({ status: 200 });
    const seen = hook.received.length;

    // several at once, as an impatient support agent: each delivery is moved by one call only
    const answers = await Promise.all([1, 2, 3, 4].map(() => retryNow(key, webhookId)));
    for (const res of answers) expect(res.status, res.text).toBe(200);
    expect(answers.reduce((sum, res) => sum + res.body.data.count, 0)).toBe(3);

    const done = await pollUntil(
      () => db().delivery.findMany({ where: { webhookId }, orderBy: { id: "asc" } }),
      (rows) => rows.every((d) => d.status === "succeeded"),
    );
    // exactly one more attempt each, numbered after the failed ones, and one request each
    expect(done.map((d) => d.attemptCount)).toEqual(before.map((d) => d.attemptCount + 1));
    const after = hook.received.slice(seen);
    expect(after.map((r) => r.deliveryId).sort()).toEqual([...ids].sort());
    const attempts = await db().deliveryAttempt.findMany({ where: { deliveryId: { in: ids } } });
    expect(new Set(attempts.map((a) => `${a.deliveryId}#${a.attemptNumber}`)).size).toBe(attempts.length);

    // nothing waits any more
    const again = await retryNow(key, webhookId);
    expect(again.body.data).toEqual({ count: 0 });
  });

  it("leaves a delivery whose attempt is in flight alone, and narrows to a time range", async () => {
    const { key } = await createTestOrg();
    const { hook, webhookId, ids } = await failingWebhook(key, 2);
    const [inFlight, waiting] = ids;
    // a worker claimed the next attempt of one (attempt count moved on, nothing recorded yet)
    const claimed = await db().delivery.update({
      where: { id: inFlight },
      data: { attemptCount: { increment: 1 }, lastAttemptAt: new Date() },
    });
    const parked = await db().delivery.findUniqueOrThrow({ where: { id: waiting } });
    const seen = hook.received.length;

    const future = await retryNow(key, webhookId, { since: new Date(Date.now() + HOUR).toISOString() });
    expect(future.body.data).toEqual({ count: 0 });
    const past = await retryNow(key, webhookId, {
      since: new Date(Date.now() - HOUR).toISOString(),
      until: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(past.body.data).toEqual({ count: 1 });

    // the moved one's attempt is made and recorded: the jobs retry-now queued have run. It chose
    // what to move in one UPDATE before it answered, setting their due time, and queued jobs for
    // those only: the in-flight one's unchanged due time shows it was not among them
    await eventually(() =>
      db().deliveryAttempt.findFirst({
        where: { deliveryId: waiting, attemptNumber: { gt: parked.attemptCount } },
      }),
    );
    const untouched = await db().delivery.findUniqueOrThrow({ where: { id: inFlight } });
    expect(untouched.attemptCount).toBe(claimed.attemptCount);
    expect(untouched.nextAttemptAt).toEqual(claimed.nextAttemptAt);
    expect(hook.received.slice(seen).map((r) => r.deliveryId)).not.toContain(inFlight);
  });

  it("refuses what it cannot do with the contract's codes", async () => {
    const { key } = await createTestOrg();
    const { webhookId } = await failingWebhook(key, 1);
    expectError(await retryNow(key, webhookId, { since: "yesterday" }), 400, "VALIDATION_INVALID_FIELD");
    const now = new Date().toISOString();
    expectError(await retryNow(key, webhookId, { since: now, until: now }), 400, "VALIDATION_INVALID_FIELD");
    expectError(await retryNow(key, "wbk_ffffffffffffffffffffffff"), 404, "RESOURCE_NOT_FOUND");
    await api(`/v1/webhooks/${webhookId}`, { method: "PATCH", key, body: { status: "disabled" } });
    expectError(await retryNow(key, webhookId), 400, "VALIDATION_INVALID_FIELD");
  });

  it("another organization's key cannot see or move the webhook's deliveries", async () => {
    const ours = await createTestOrg();
    const theirs = await createTestOrg();
    const { webhookId } = await failingWebhook(ours.key, 1);
    const before = await db().delivery.findMany({ where: { webhookId } });
    expectError(await retryNow(theirs.key, webhookId), 404, "RESOURCE_NOT_FOUND");
    const after = await db().delivery.findMany({ where: { webhookId } });
    expect(after.map((d) => d.nextAttemptAt)).toEqual(before.map((d) => d.nextAttemptAt));
  });
});
