import "#server-only";
import { db, rawExecute } from "@/lib/db";
import type { Prisma, Webhook } from "@/lib/generated/prisma/client.ts";
import { failPendingDeliveries } from "@/lib/webhooks/repository/deliveries";

/**
 * The `webhooks` table (docs/architecture.md "Repositories"): every function takes the
 * organization first and reads and writes only that organization's rows, so an id of another
 * organization finds nothing, whatever the caller read before. `client` lets a caller's
 * transaction hold the statement.
 */

type Client = Prisma.TransactionClient;

/** Writable columns (the organization and id are the repository's). */
export type WebhookChanges = Prisma.WebhookUpdateManyMutationInput;
export type NewWebhook = Omit<Prisma.WebhookUncheckedCreateInput, "organizationId">;

export function findWebhook(
  organizationId: string,
  id: string,
  client: Client = db(),
): Promise<Webhook | null> {
  return client.webhook.findFirst({ where: { id, organizationId } });
}

/** Newest first, like every list of the API. */
export async function listWebhooks(
  organizationId: string,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ webhooks: Webhook[]; total: number }> {
  const where = { organizationId };
  const [webhooks, total] = await Promise.all([
    db().webhook.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    db().webhook.count({ where }),
  ]);
  return { webhooks, total };
}

/** The organization's webhooks by name (bounded: an organization has a few dozen at most). */
export function listWebhookNames(organizationId: string): Promise<{ id: string; name: string }[]> {
  return db().webhook.findMany({
    where: { organizationId },
    select: { id: true, name: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 500,
  });
}

/** Each webhook's state for the overview's "needs attention" list. */
export function listWebhookStates(organizationId: string) {
  return db().webhook.findMany({
    where: { organizationId },
    select: {
      id: true,
      name: true,
      url: true,
      status: true,
      disabledReason: true,
      disabledAt: true,
      autoDisabled: true,
    },
  });
}

/** How many of the organization's webhooks are active and disabled. */
export async function countWebhooksByStatus(
  organizationId: string,
): Promise<{ active: number; disabled: number }> {
  const groups = await db().webhook.groupBy({
    by: ["status"],
    where: { organizationId },
    _count: { _all: true },
  });
  const count = (status: "active" | "disabled") => groups.find((g) => g.status === status)?._count._all ?? 0;
  return { active: count("active"), disabled: count("disabled") };
}

/**
 * Inserts the webhook unless the organization already has `limit` (counted under a
 * per-organization advisory lock, so two concurrent creations cannot both take the last place):
 * null when it is full.
 */
export function insertWebhookWithinLimit(
  organizationId: string,
  row: NewWebhook,
  limit: number,
): Promise<Webhook | null> {
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${organizationId}`}))`;
    const count = await tx.webhook.count({ where: { organizationId } });
    if (count >= limit) return null;
    return tx.webhook.create({ data: { ...row, organizationId } });
  });
}

/**
 * Changes the webhook and answers it as written, or null when the organization has no such
 * webhook. A change to `disabled` fails its pending deliveries in the same transaction.
 */
export function updateWebhookRow(
  organizationId: string,
  id: string,
  data: WebhookChanges,
): Promise<Webhook | null> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.webhook.updateMany({ where: { id, organizationId }, data });
    if (count === 0) return null;
    if (data.status === "disabled") await failPendingDeliveries(organizationId, id, tx);
    return tx.webhook.findFirstOrThrow({ where: { id, organizationId } });
  });
}

/** Deletes the webhook with its deliveries and attempts (cascade); false when there was none. */
export async function deleteWebhookRow(organizationId: string, id: string): Promise<boolean> {
  const { count } = await db().webhook.deleteMany({ where: { id, organizationId } });
  return count > 0;
}

/**
 * The current secret becomes the previous one (kept until `expiresAt`; no grace without a current
 * secret) and `sealed` the current one, in one UPDATE so that two rotations at once cannot lose a
 * secret someone was shown. Null when the organization has no such webhook.
 */
export async function rotateWebhookSecretRow(
  organizationId: string,
  id: string,
  { sealed, expiresAt, now }: { sealed: string; expiresAt: Date; now: Date },
): Promise<Webhook | null> {
  const count = await rawExecute`
    UPDATE webhooks
    SET previous_secret_enc = secret_enc,
        previous_secret_expires_at = CASE WHEN secret_enc IS NULL THEN NULL ELSE ${expiresAt}::timestamp(3) END,
        secret_enc = ${sealed},
        updated_at = ${now}::timestamp(3)
    WHERE id = ${id} AND organization_id = ${organizationId}::uuid`;
  if (count === 0) return null;
  return db().webhook.findFirstOrThrow({ where: { id, organizationId } });
}

/**
 * Starts an active webhook's failing streak at `attemptedAt` unless one is running, and answers
 * when it started; null when the webhook is not active (or not the organization's).
 */
export async function markWebhookFailing(
  organizationId: string,
  id: string,
  attemptedAt: Date,
  client: Client,
): Promise<Date | null> {
  const [row] = await client.$queryRaw<{ failing_since: Date }[]>`
    UPDATE webhooks SET failing_since = coalesce(failing_since, ${attemptedAt})
    WHERE id = ${id} AND organization_id = ${organizationId}::uuid AND status = 'active'
    RETURNING failing_since`;
  return row?.failing_since ?? null;
}

/**
 * The product disables an active webhook (a 410 Gone answer, no success for days) with the reason
 * its owners are shown, and fails its pending deliveries, in the caller's transaction.
 */
export async function disableWebhookAutomatically(
  organizationId: string,
  id: string,
  { reason, at }: { reason: string; at: Date },
  client: Client,
): Promise<void> {
  await client.webhook.updateMany({
    where: { id, organizationId, status: "active" },
    data: { status: "disabled", autoDisabled: true, disabledAt: at, disabledReason: reason },
  });
  await failPendingDeliveries(organizationId, id, client);
}
