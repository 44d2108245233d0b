import "#server-only";
import { randomUUID } from "node:crypto";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import type { Delivery, Event, Webhook } from "@/lib/generated/prisma/client.ts";
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
  | { kind: "postponed"; delayMs: number }
  | { kind: "attempted"; attemptNumber: number; result: AttemptResult };

type Loaded = Delivery & { event: Event; webhook: Webhook };

/**
 * The delivery with its event and webhook, in one query (an `include` would be three). The
 * nested timestamps are stored without a zone (UTC, as Prisma writes them): they are read
 * as UTC explicitly, so that the JSON carries the offset.
 */
async function load(deliveryId: string): Promise<Loaded | null> {
  const [row] = await db().$queryRaw<
    (Delivery & { event: Omit<Event, "createdAt"> & { createdAt: string } } & {
      webhook: Omit<Webhook, "createdAt" | "updatedAt" | "previousSecretExpiresAt"> & {
        createdAt: string;
        updatedAt: string;
        previousSecretExpiresAt: string | null;
      };
    })[]
  >`
    SELECT d.id, d.organization_id AS "organizationId", d.webhook_id AS "webhookId", d.event_id AS "eventId",
           d.status::text AS status, d.attempt_count AS "attemptCount", d.next_attempt_at AS "nextAttemptAt",
           d.last_attempt_at AS "lastAttemptAt", d.succeeded_at AS "succeededAt", d.created_at AS "createdAt",
           d.updated_at AS "updatedAt",
           json_build_object('id', e.id, 'organizationId', e.organization_id, 'name', e.name, 'data', e.data,
                             'createdAt', e.created_at AT TIME ZONE 'UTC') AS event,
           json_build_object('id', w.id, 'organizationId', w.organization_id, 'name', w.name, 'url', w.url,
                             'events', w.events, 'secretEnc', w.secret_enc, 'previousSecretEnc', w.previous_secret_enc,
                             'previousSecretExpiresAt', w.previous_secret_expires_at AT TIME ZONE 'UTC', 'status', w.status,
                             'disabledReason', w.disabled_reason, 'createdAt', w.created_at AT TIME ZONE 'UTC',
                             'updatedAt', w.updated_at AT TIME ZONE 'UTC') AS webhook
    FROM deliveries d JOIN events e ON e.id = d.event_id JOIN webhooks w ON w.id = d.webhook_id
    WHERE d.id = ${deliveryId}`;
  if (!row) return null;
  const { event, webhook } = row;
  const expires = webhook.previousSecretExpiresAt;
  return {
    ...row,
    event: { ...event, createdAt: new Date(event.createdAt) },
    webhook: {
      ...webhook,
      createdAt: new Date(webhook.createdAt),
      updatedAt: new Date(webhook.updatedAt),
      previousSecretExpiresAt: expires === null ? null : new Date(expires),
    },
  };
}

/**
 * Makes the next attempt of one delivery, if it is due and no other worker makes it. The
 * attempt is claimed with a conditional update (same attempt count, still pending, due now),
 * so two jobs for the same delivery never both send; the claim's lease keeps the sweeper off
 * while the attempt runs and hands the delivery back to it if this worker dies.
 */
export async function deliver(deliveryId: string): Promise<DeliverOutcome> {
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
  const startedAt = new Date();
  const claimed = await db().delivery.updateMany({
    where: {
      id: delivery.id,
      status: "pending",
      attemptCount: delivery.attemptCount,
      nextAttemptAt: { lte: new Date(startedAt.getTime() + EARLY_TOLERANCE_MS) },
    },
    data: {
      attemptCount: attemptNumber,
      lastAttemptAt: startedAt,
      nextAttemptAt: new Date(startedAt.getTime() + CLAIM_LEASE_MS),
    },
  });
  if (claimed.count === 0) return { kind: "skipped", reason: "claimed by another job" };

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
  return { kind: "attempted", attemptNumber, result };
}
