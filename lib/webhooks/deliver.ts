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

/** What one attempt reads of its delivery, event and webhook (and openSigningSecrets needs). */
type Loaded = Pick<
  Delivery,
  "id" | "organizationId" | "webhookId" | "status" | "attemptCount" | "nextAttemptAt" | "lastAttemptAt"
> & {
  event: Pick<Event, "name" | "data" | "createdAt">;
  webhook: Pick<
    Webhook,
    | "id"
    | "organizationId"
    | "url"
    | "status"
    | "rateLimit"
    | "secretEnc"
    | "previousSecretEnc"
    | "previousSecretExpiresAt"
  >;
  /** when the statement ran: the reference of its "due" test */
  readAt: Date;
  /** the attempt claimed by the statement that read the row (readAt), or not */
  claimed: boolean;
};

type LoadedRow = {
  id: string;
  organization_id: string;
  webhook_id: string;
  status: Delivery["status"];
  attempt_count: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  event_name: string;
  event_data: Event["data"];
  event_created_at: Date;
  webhook_organization_id: string;
  url: string;
  webhook_status: Webhook["status"];
  rate_limit: number | null;
  secret_enc: string | null;
  previous_secret_enc: string | null;
  previous_secret_expires_at: Date | null;
  claimed: boolean;
};

/**
 * Deliveries with their event and webhook, and in the same statement the attempt claimed on
 * an active webhook without a rate limit (the common case; a rate-limited webhook reserves its
 * slot before it claims). The claim is claimAttempt's: the attempt count as read, still
 * pending, due. Those loaded together share the statement; the same delivery twice in it is
 * read twice and claimed once.
 */
const loadAndClaim = groupCommit<string, Loaded | null>(async (ids) => {
  const readAt = new Date();
  const rows = await db().$queryRaw<LoadedRow[]>`
      WITH loaded AS (
        SELECT d.id, d.organization_id, d.webhook_id, d.status::text AS status, d.attempt_count, d.next_attempt_at,
               d.last_attempt_at, e.name AS event_name, e.data AS event_data, e.created_at AS event_created_at,
               w.organization_id AS webhook_organization_id, w.url, w.status::text AS webhook_status, w.rate_limit,
               w.secret_enc, w.previous_secret_enc, w.previous_secret_expires_at
        FROM deliveries d
        JOIN events e ON e.id = d.event_id
        JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.id = ANY (${ids}::text[])
      ), claimed AS (
        -- the attempt count compared with the one read: a row changed meanwhile is checked again
        -- in its new version (READ COMMITTED), as claimAttempt's own UPDATE would be
        UPDATE deliveries SET attempt_count = loaded.attempt_count + 1, last_attempt_at = ${readAt},
                              next_attempt_at = ${new Date(readAt.getTime() + CLAIM_LEASE_MS)}
        FROM loaded
        WHERE deliveries.id = loaded.id AND loaded.webhook_status = 'active' AND loaded.rate_limit IS NULL
          AND deliveries.status = 'pending' AND deliveries.attempt_count = loaded.attempt_count
          AND deliveries.next_attempt_at <= ${new Date(readAt.getTime() + EARLY_TOLERANCE_MS)}
        RETURNING deliveries.id
      )
      SELECT loaded.*, claimed.id IS NOT NULL AS claimed FROM loaded LEFT JOIN claimed ON claimed.id = loaded.id`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) return null;
    // the same delivery twice in one group: the first one has the claim
    if (row.claimed) byId.set(id, { ...row, claimed: false });
    return toLoaded(row, readAt);
  });
});

function toLoaded(r: LoadedRow, readAt: Date): Loaded {
  return {
    id: r.id,
    organizationId: r.organization_id,
    webhookId: r.webhook_id,
    status: r.status,
    attemptCount: r.attempt_count,
    nextAttemptAt: r.next_attempt_at,
    lastAttemptAt: r.last_attempt_at,
    event: { name: r.event_name, data: r.event_data, createdAt: r.event_created_at },
    webhook: {
      id: r.webhook_id,
      organizationId: r.webhook_organization_id,
      url: r.url,
      status: r.webhook_status,
      rateLimit: r.rate_limit,
      secretEnc: r.secret_enc,
      previousSecretEnc: r.previous_secret_enc,
      previousSecretExpiresAt: r.previous_secret_expires_at,
    },
    readAt,
    claimed: r.claimed,
  };
}

type Claim = { id: string; attemptCount: number };

/**
 * The attempt claimed (same attempt count, still pending, due): the claims made together are
 * one UPDATE. Answers the claim's time, or null when another job has the delivery. Only a
 * rate-limited webhook's attempts claim here, after their slot (loadAndClaim claims the rest).
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
 * A claim given back (its organization's share was full, nothing was sent): the attempt count,
 * due time and last attempt as they were read, while the claim is still the delivery's latest
 * and it is pending. The claims given back together are one UPDATE.
 */
const giveBack = groupCommit<Loaded, void>(async (claims) => {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  await db().$executeRaw`
      UPDATE deliveries SET attempt_count = v.read_count, next_attempt_at = v.read_next AT TIME ZONE 'UTC',
                            last_attempt_at = v.read_last AT TIME ZONE 'UTC'
      FROM unnest(${claims.map((c) => c.id)}::text[], ${claims.map((c) => c.attemptCount)}::int[],
                  ${claims.map((c) => iso(c.nextAttemptAt))}::timestamptz[],
                  ${claims.map((c) => iso(c.lastAttemptAt))}::timestamptz[]) AS v(given_id, read_count, read_next, read_last)
      WHERE deliveries.id = v.given_id AND deliveries.attempt_count = v.read_count + 1
        AND deliveries.status = 'pending'`;
  return claims.map(() => undefined);
});

function orgSharePostponed(): DeliverOutcome {
  return { kind: "postponed", delayMs: 1_000 + Math.floor(Math.random() * 2_000) };
}

/**
 * Makes the next attempt of one delivery, if it is due and no other worker makes it. The
 * attempt is claimed with a conditional update (same attempt count, still pending, due now),
 * so two jobs for the same delivery never both send; the claim's lease keeps the sweeper off
 * while the attempt runs and hands the delivery back to it if this worker dies.
 */
export async function deliver(deliveryId: string, heldSlotAt?: number): Promise<DeliverOutcome> {
  const delivery = await loadAndClaim(deliveryId);
  if (delivery?.status !== "pending") return { kind: "skipped", reason: "not pending" };
  if (delivery.webhook.status !== "active") {
    await db().delivery.updateMany({
      where: { id: deliveryId, status: "pending" },
      data: { status: "failed", nextAttemptAt: null },
    });
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
    if (slotAt > reservedAt) return { kind: "postponed", delayMs: slotAt - reservedAt, slotAt };
  }
  const token = randomUUID();
  if (!(await acquireOrgSlot(delivery.organizationId, token))) return orgSharePostponed();
  try {
    const startedAt = await claimAttempt({ id: delivery.id, attemptCount: delivery.attemptCount });
    if (startedAt === null) return { kind: "skipped", reason: "claimed by another job" };
    return await attempt(delivery, startedAt);
  } finally {
    await releaseOrgSlot(delivery.organizationId, token).catch(() => undefined);
  }
}

/**
 * An attempt claimed by loadAndClaim, made once the organization's share has a slot. Without
 * one the claim is given back and the job postponed, as if it had never been claimed. A worker
 * that dies between the claim and the give-back leaves the delivery leased: the sweeper takes it
 * back when the lease ends, its attempt count one up with no attempt recorded (the next attempt
 * is numbered one higher), as after a worker dying past any claim, before its attempt is stored.
 */
async function attemptClaimed(delivery: Loaded): Promise<DeliverOutcome> {
  const token = randomUUID();
  // Redis unreachable: the claim goes back too, so the job's retry finds the delivery as it was
  const acquired = await acquireOrgSlot(delivery.organizationId, token).catch(async (err: unknown) => {
    await giveBack(delivery).catch(() => undefined);
    throw err;
  });
  if (!acquired) {
    await giveBack(delivery);
    return orgSharePostponed();
  }
  try {
    return await attempt(delivery, delivery.readAt);
  } finally {
    await releaseOrgSlot(delivery.organizationId, token).catch(() => undefined);
  }
}

async function attempt(delivery: Loaded, startedAt: Date): Promise<DeliverOutcome> {
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
  outcome ??= await postWebhook(new URL(webhook.url), body, headers, {
    allowLoopback: config().ALLOW_LOOPBACK_URLS,
    timeoutMs: ATTEMPT_TIMEOUT_MS,
  });
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
