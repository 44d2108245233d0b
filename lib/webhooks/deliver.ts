import "#server-only";
import { randomUUID } from "node:crypto";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import type { Delivery, Event, Webhook } from "@/lib/generated/prisma/client.ts";
import { countDelivery } from "@/lib/metrics/record";
import { reserveDeliverySlot } from "@/lib/webhooks/delivery-rate";
import { openSigningSecrets, type SigningSecrets } from "@/lib/webhooks/open-signing-secrets";
import { acquireOrgSlot, releaseOrgSlot } from "@/lib/webhooks/org-slots";
import { type PostOutcome, postWebhook } from "@/lib/webhooks/post-webhook";
import { type AttemptResult, recordAttempt } from "@/lib/webhooks/record-attempt";
import { deliveryHeaders } from "@/lib/webhooks/sign";

export const ATTEMPT_TIMEOUT_MS = 10_000;
/** longer than one attempt and its bookkeeping: until then no other job may take the delivery */
const CLAIM_LEASE_MS = 30_000;
/** a job may run this much before the stored due time (clocks of worker machines differ) */
const EARLY_TOLERANCE_MS = 1_000;
const USER_AGENT = "Service-Webhooks/1.0";

export type DeliverOutcome =
  | { kind: "skipped"; reason: string }
  | { kind: "postponed"; delayMs: number; slotAt?: number }
  | { kind: "attempted"; attemptNumber: number; result: AttemptResult };

type Loaded = Delivery & { event: Event; webhook: Webhook };

/** Deliveries with their event and webhook; those loaded together share the three queries. */
const load = groupCommit<string, Loaded | null>(async (ids) => {
  const found = await db().delivery.findMany({
    where: { id: { in: ids } },
    include: { event: true, webhook: true },
  });
  const byId = new Map(found.map((d) => [d.id, d]));
  return ids.map((id) => byId.get(id) ?? null);
});

type Claim = { id: string; attemptCount: number };

/**
 * The attempt claimed (same attempt count, still pending, due): the claims made together are
 * one UPDATE. Answers the claim's time, or null when another job has the delivery.
 */
const claimAttempt = groupCommit<Claim, Date | null>(async (claims) => {
  const startedAt = new Date();
  const won = await db().$queryRaw<{ id: string }[]>`
      UPDATE deliveries SET attempt_count = v.claimed_count + 1, last_attempt_at = ${startedAt},
                            next_attempt_at = ${new Date(startedAt.getTime() + CLAIM_LEASE_MS)}
      FROM unnest(${claims.map((c) => c.id)}::text[], ${claims.map((c) => c.attemptCount)}::int[])
           AS v(claimed_id, claimed_count)
      WHERE deliveries.id = v.claimed_id AND deliveries.status = 'pending'
        AND deliveries.attempt_count = v.claimed_count
        AND deliveries.next_attempt_at <= ${new Date(startedAt.getTime() + EARLY_TOLERANCE_MS)}
      RETURNING deliveries.id`;
  const ids = new Set(won.map((r) => r.id));
  // the same delivery twice in one group: only the first claim wins
  return claims.map((c) => (ids.delete(c.id) ? startedAt : null));
});

/**
 * Makes the next attempt of one delivery, if it is due and no other worker makes it. The
 * attempt is claimed with a conditional update (same attempt count, still pending, due now),
 * so two jobs for the same delivery never both send; the claim's lease keeps the sweeper off
 * while the attempt runs and hands the delivery back to it if this worker dies.
 */
export async function deliver(deliveryId: string, heldSlotAt?: number): Promise<DeliverOutcome> {
  const delivery = await load(deliveryId);
  if (delivery?.status !== "pending") return { kind: "skipped", reason: "not pending" };
  if (delivery.webhook.status !== "active") {
    await db().delivery.updateMany({
      where: { id: deliveryId, status: "pending" },
      data: { status: "failed", nextAttemptAt: null },
    });
    return { kind: "skipped", reason: "webhook disabled" };
  }
  if ((delivery.nextAttemptAt?.getTime() ?? 0) > Date.now() + EARLY_TOLERANCE_MS) {
    return { kind: "skipped", reason: "not due" };
  }
  const { rateLimit } = delivery.webhook;
  // the webhook's rate limit: a slot reserved once, then waited for (a held slot is not reserved
  // again, unless a redelivery promoted the job before its slot)
  if (rateLimit !== null && (heldSlotAt === undefined || heldSlotAt > Date.now() + EARLY_TOLERANCE_MS)) {
    const now = Date.now();
    const slotAt = await reserveDeliverySlot(delivery.webhookId, rateLimit, now);
    if (slotAt > now) return { kind: "postponed", delayMs: slotAt - now, slotAt };
  }
  const token = randomUUID();
  if (!(await acquireOrgSlot(delivery.organizationId, token))) {
    return { kind: "postponed", delayMs: 1_000 + Math.floor(Math.random() * 2_000) };
  }
  try {
    return await attempt(delivery);
  } finally {
    await releaseOrgSlot(delivery.organizationId, token).catch(() => undefined);
  }
}

async function attempt(delivery: Loaded): Promise<DeliverOutcome> {
  const attemptNumber = delivery.attemptCount + 1;
  const startedAt = await claimAttempt({ id: delivery.id, attemptCount: delivery.attemptCount });
  if (startedAt === null) return { kind: "skipped", reason: "claimed by another job" };

  const { event, webhook } = delivery;
  const body = JSON.stringify({
    id: delivery.id,
    event: event.name,
    timestamp: event.createdAt.toISOString(),
    organization_id: delivery.organizationId,
    data: event.data,
  });
  let secrets: SigningSecrets = { secret: null, previousSecret: null };
  let outcome: PostOutcome | undefined;
  try {
    secrets = openSigningSecrets(webhook, startedAt);
  } catch {
    const error = "the signing secret could not be decrypted (was ENCRYPTION_KEY changed?); nothing was sent";
    outcome = { statusCode: null, error, snippet: null, durationMs: 0 };
  }
  const headers = deliveryHeaders({
    deliveryId: delivery.id,
    event: event.name,
    body,
    secret: secrets.secret,
    previousSecret: secrets.previousSecret,
    nowMs: startedAt.getTime(),
    userAgent: USER_AGENT,
  });
  outcome ??= await postWebhook(new URL(webhook.url), body, headers, {
    allowLoopback: config().ALLOW_LOOPBACK_URLS,
    timeoutMs: ATTEMPT_TIMEOUT_MS,
  });
  const result = await recordAttempt({
    deliveryId: delivery.id,
    webhookId: webhook.id,
    attemptNumber,
    startedAt,
    requestHeaders: headers,
    outcome,
  });
  countDelivery(result, attemptNumber);
  return { kind: "attempted", attemptNumber, result };
}
