import "#server-only";
import { randomUUID } from "node:crypto";
import { config } from "@/lib/config";
import { countDelivery, countDeliveryPostponed } from "@/lib/metrics/record";
import { reserveDeliverySlot } from "@/lib/webhooks/delivery-rate";
import { type Loaded, loadAndClaimDelivery } from "@/lib/webhooks/load-delivery";
import { openSigningSecrets, type SigningSecrets } from "@/lib/webhooks/open-signing-secrets";
import { releaseOrgSlot, tryOrgSlot } from "@/lib/webhooks/org-slots";
import { type PostOutcome, postWebhook } from "@/lib/webhooks/post-webhook";
import { type AttemptResult, recordAttempt } from "@/lib/webhooks/record-attempt";
import {
  claimAttempt,
  EARLY_TOLERANCE_MS,
  failDeliveryOfDisabledWebhook,
  giveBackClaim,
} from "@/lib/webhooks/repository/attempts";
import { deliveryHeaders } from "@/lib/webhooks/sign";

export const ATTEMPT_TIMEOUT_MS = 10_000;
const USER_AGENT = "Service-Webhooks/1.0";

export type DeliverOutcome =
  | { kind: "skipped"; reason: string }
  | { kind: "postponed"; delayMs: number; slotAt?: number }
  | { kind: "attempted"; attemptNumber: number; result: AttemptResult };

/**
 * The organization's share is full: the attempt steps aside for about as long as the share's
 * oldest request has been in flight (half to one and a half times that, between 25 ms and 3 s), so
 * that a share full of fast requests (an endpoint answering in milliseconds to a burst of events)
 * is tried again within tens of milliseconds, and one held by a slow or dead endpoint seconds
 * later. A fixed 1–3 s for both made a healthy endpoint's events wait seconds each time a burst
 * filled the share, and each wait queued a job: under load the waits fed themselves (issue 33,
 * docs/benchmarks.md: a `read` p99 of 20–27 s and three times the Redis commands a message).
 */
function orgSharePostponed(oldestHeldMs: number): DeliverOutcome {
  countDeliveryPostponed("org_share");
  const base = Math.min(3_000, Math.max(25, oldestHeldMs));
  return { kind: "postponed", delayMs: Math.round(base * (0.5 + Math.random())) };
}

/** The slot of one attempt, given back once: after the request, before its result is recorded. */
function slotOf(organizationId: string, token: string): () => Promise<void> {
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    await releaseOrgSlot(organizationId, token).catch(() => undefined);
  };
}

/**
 * Makes the next attempt of one delivery, if it is due and no other worker makes it. The
 * attempt is claimed with a conditional update (same attempt count, still pending, due now),
 * so two jobs for the same delivery never both send; the claim's lease keeps the sweeper off
 * while the attempt runs and hands the delivery back to it if this worker dies.
 */
export async function deliver(deliveryId: string, heldSlotAt?: number): Promise<DeliverOutcome> {
  const delivery = await loadAndClaimDelivery(deliveryId);
  if (delivery?.status !== "pending") return { kind: "skipped", reason: "not pending" };
  if (delivery.webhook.status !== "active") {
    await failDeliveryOfDisabledWebhook(delivery.organizationId, deliveryId);
    return { kind: "skipped", reason: "webhook disabled" };
  }
  const { rateLimit } = delivery.webhook;
  if (delivery.claimed) return attemptClaimed(delivery);
  // not claimed: not due, or (no rate limit) claimed by another job, told apart at the time the
  // statement's claim was tried; a rate-limited webhook's attempt claims after its slot, below
  const now = rateLimit === null ? delivery.readAt.getTime() : Date.now();
  if ((delivery.nextAttemptAt?.getTime() ?? 0) > now + EARLY_TOLERANCE_MS) {
    return { kind: "skipped", reason: "not due" };
  }
  if (rateLimit === null) return { kind: "skipped", reason: "claimed by another job" };
  // the webhook's rate limit: a slot reserved once, then waited for (a held slot is not reserved
  // again, unless a redelivery promoted the job before its slot)
  if (heldSlotAt === undefined || heldSlotAt > Date.now() + EARLY_TOLERANCE_MS) {
    const reservedAt = Date.now();
    const slotAt = await reserveDeliverySlot(delivery.webhookId, rateLimit, reservedAt);
    if (slotAt > reservedAt) {
      countDeliveryPostponed("rate_limit");
      return { kind: "postponed", delayMs: slotAt - reservedAt, slotAt };
    }
  }
  const token = randomUUID();
  const slot = await tryOrgSlot(delivery.organizationId, token);
  if (!slot.acquired) return orgSharePostponed(slot.oldestHeldMs);
  const release = slotOf(delivery.organizationId, token);
  try {
    const startedAt = await claimAttempt(delivery.organizationId, delivery.id, delivery.attemptCount);
    if (startedAt === null) return { kind: "skipped", reason: "claimed by another job" };
    return await attempt(delivery, startedAt, release);
  } finally {
    await release();
  }
}

/**
 * An attempt claimed by loadAndClaimDelivery, made once the organization's share has a slot. Without
 * one the claim is given back and the job postponed, as if it had never been claimed. A worker
 * that dies between the claim and the give-back leaves the delivery leased: the sweeper takes it
 * back when the lease ends, its attempt count one up with no attempt recorded (the next attempt
 * is numbered one higher), as after a worker dying past any claim, before its attempt is stored.
 */
async function attemptClaimed(delivery: Loaded): Promise<DeliverOutcome> {
  const token = randomUUID();
  // Redis unreachable: the claim goes back too, so the job's retry finds the delivery as it was
  const slot = await tryOrgSlot(delivery.organizationId, token).catch(async (err: unknown) => {
    await giveBackClaim(delivery.organizationId, delivery).catch(() => undefined);
    throw err;
  });
  if (!slot.acquired) {
    await giveBackClaim(delivery.organizationId, delivery);
    return orgSharePostponed(slot.oldestHeldMs);
  }
  const release = slotOf(delivery.organizationId, token);
  try {
    return await attempt(delivery, delivery.readAt, release);
  } finally {
    await release();
  }
}

/**
 * The request and its record. The organization's slot is the request's alone: it is given back
 * when the endpoint has answered (or timed out), before the attempt is recorded, so that the
 * share bounds what an organization's endpoints hold of the workers, not our own writes.
 */
async function attempt(
  delivery: Loaded,
  startedAt: Date,
  releaseSlot: () => Promise<void>,
): Promise<DeliverOutcome> {
  const attemptNumber = delivery.attemptCount + 1;

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
  try {
    outcome ??= await postWebhook(new URL(webhook.url), body, headers, {
      allowLoopback: config().ALLOW_LOOPBACK_URLS,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
    });
  } finally {
    await releaseSlot();
  }
  const result = await recordAttempt({
    organizationId: delivery.organizationId,
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
