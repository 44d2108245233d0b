import "#server-only";
import { rawQuery } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import type { Delivery, Event, Webhook } from "@/lib/generated/prisma/client.ts";
import { CLAIM_LEASE_MS, EARLY_TOLERANCE_MS } from "@/lib/webhooks/repository/attempts";

/*
 * The delivery worker before an organization is known (docs/security.md "Where a query may skip
 * the organization"): a `{deliveries}` job, and a worker's inline first attempt
 * (lib/webhooks/start-deliveries.ts), name the delivery id only, as the outbox of every event
 * path answers it, for many organizations at once. The delivery row found by it is what names the
 * organization; its event and webhook are read only as that organization's, and every later
 * statement of the attempt goes through lib/webhooks/repository/attempts.ts with it.
 */

/** What one attempt reads of its delivery, event and webhook (and openSigningSecrets needs). */
export type Loaded = Pick<
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
 * slot before it claims). The claim is claimAttempt's (repository/attempts.ts): the attempt count as read, still
 * pending, due. Those loaded together share the statement; the same delivery twice in it is
 * read twice and claimed once.
 */
const loadTogether = groupCommit<string, Loaded | null>(async (ids) => {
  const readAt = new Date();
  const rows = await rawQuery<LoadedRow[]>`
      WITH loaded AS (
        SELECT d.id, d.organization_id, d.webhook_id, d.status::text AS status, d.attempt_count, d.next_attempt_at,
               d.last_attempt_at, e.name AS event_name, e.data AS event_data, e.created_at AS event_created_at,
               w.organization_id AS webhook_organization_id, w.url, w.status::text AS webhook_status, w.rate_limit,
               w.secret_enc, w.previous_secret_enc, w.previous_secret_expires_at
        FROM deliveries d
        JOIN events e ON e.id = d.event_id AND e.organization_id = d.organization_id
        JOIN webhooks w ON w.id = d.webhook_id AND w.organization_id = d.organization_id
        WHERE d.id = ANY (${ids}::text[])
      ), claimed AS (
        -- the attempt count compared with the one read: a row changed meanwhile is checked again
        -- in its new version (READ COMMITTED), as claimAttempt's own UPDATE would be
        UPDATE deliveries SET attempt_count = loaded.attempt_count + 1, last_attempt_at = ${readAt},
                              next_attempt_at = ${new Date(readAt.getTime() + CLAIM_LEASE_MS)}
        FROM loaded
        WHERE deliveries.id = loaded.id AND deliveries.organization_id = loaded.organization_id
          AND loaded.webhook_status = 'active' AND loaded.rate_limit IS NULL
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

/**
 * One delivery with its event and webhook, and the attempt claimed in the same statement when its
 * webhook is active without a rate limit (the common case; a rate-limited webhook reserves its
 * slot before it claims). Null for no such delivery.
 */
export function loadAndClaimDelivery(deliveryId: string): Promise<Loaded | null> {
  return loadTogether(deliveryId);
}
