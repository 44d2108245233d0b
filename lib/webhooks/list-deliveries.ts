import "#server-only";
import { decodeCursor, encodeCursor } from "@/lib/api/pagination";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { type DeliveryWithAttempts, deliveryInclude } from "@/lib/webhooks/delivery-json";
import {
  type DeliveriesPageJson,
  type DeliveryRowJson,
  type DeliverySort,
  type DeliveryStatus,
  MATCH_COUNT_CAP,
} from "@/lib/webhooks/delivery-schemas";
import { DELIVERY_ID } from "@/lib/webhooks/get-delivery-detail";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";

/** The filters of both lists (/v1's and the dashboard's); every one optional, combined with AND. */
export type DeliveryFilter = {
  webhookId?: string;
  status?: DeliveryStatus;
  event?: string;
  since?: Date;
  until?: Date;
};

/** /v1: one webhook's deliveries by offset pages, each with its attempts, and the total. */
type OffsetPage = { page: number; perPage: number };
/** The dashboard: keyset pages in either order, each row with its latest attempt, and a capped count. */
type CursorPage = { cursor?: string; sort: DeliverySort; limit: number };

function deliveriesWhere(organizationId: string, filter: DeliveryFilter): Prisma.DeliveryWhereInput {
  return {
    organizationId,
    ...(filter.webhookId ? { webhookId: filter.webhookId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.event ? { event: { name: filter.event } } : {}),
    ...(filter.since || filter.until
      ? {
          createdAt: {
            ...(filter.since ? { gte: filter.since } : {}),
            ...(filter.until ? { lt: filter.until } : {}),
          },
        }
      : {}),
  };
}

/**
 * Deliveries newest first (or, by cursor, oldest first), filtered once for both callers. /v1 asks
 * for one webhook's (404 when it is not the organization's); the dashboard for any of them.
 */
export async function listDeliveries(
  organizationId: string,
  filter: DeliveryFilter & { webhookId: string },
  page: OffsetPage,
): Promise<{ deliveries: DeliveryWithAttempts[]; total: number }>;
export async function listDeliveries(
  organizationId: string,
  filter: DeliveryFilter,
  page: CursorPage,
): Promise<DeliveriesPageJson>;
export async function listDeliveries(
  organizationId: string,
  filter: DeliveryFilter,
  page: OffsetPage | CursorPage,
): Promise<{ deliveries: DeliveryWithAttempts[]; total: number } | DeliveriesPageJson> {
  const where = deliveriesWhere(organizationId, filter);
  if ("sort" in page) return cursorPage(where, page);
  if (filter.webhookId) await getWebhookOrThrow(organizationId, filter.webhookId);
  const [deliveries, total] = await Promise.all([
    db().delivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page.page - 1) * page.perPage,
      take: page.perPage,
      include: deliveryInclude,
    }),
    db().delivery.count({ where }),
  ]);
  return { deliveries, total };
}

const webhookRef = { select: { id: true, name: true, url: true, status: true } } as const;

/**
 * Keyset pages (fast at any depth; the same indexes serve both directions). With a status the
 * scan follows deliveries(organization_id, status, created_at), with a webhook
 * deliveries(webhook_id, created_at).
 */
async function cursorPage(where: Prisma.DeliveryWhereInput, page: CursorPage): Promise<DeliveriesPageJson> {
  const cursor = decodeCursor(page.cursor, DELIVERY_ID);
  const dir = page.sort === "oldest" ? "asc" : "desc";
  // past the cursor's (time, id) in the order shown: before it newest first, after it oldest first
  const beyond = dir === "asc" ? "gt" : "lt";
  const after: Prisma.DeliveryWhereInput = cursor
    ? {
        AND: [
          where,
          {
            OR: [
              { createdAt: { [beyond]: cursor.at } },
              { createdAt: cursor.at, id: { [beyond]: cursor.id } },
            ],
          },
        ],
      }
    : where;
  const [rows, matching] = await Promise.all([
    db().delivery.findMany({
      where: after,
      orderBy: [{ createdAt: dir }, { id: dir }],
      take: page.limit + 1,
      include: {
        webhook: webhookRef,
        event: { select: { name: true } },
        attempts: { orderBy: { attemptNumber: "desc" }, take: 1 },
      },
    }),
    db().delivery.count({ where, take: MATCH_COUNT_CAP + 1 }),
  ]);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  const deliveries: DeliveryRowJson[] = shown.map((d) => ({
    id: d.id,
    webhook: d.webhook,
    event: d.event.name,
    status: d.status,
    attempt_count: d.attemptCount,
    next_attempt_at: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    last_status_code: d.attempts[0]?.statusCode ?? null,
    last_error: d.attempts[0]?.error ?? null,
    last_response_snippet: d.attempts[0]?.responseSnippet?.slice(0, 200) ?? null,
  }));
  return {
    deliveries,
    next_cursor: rows.length > page.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    matching: Math.min(matching, MATCH_COUNT_CAP),
    matching_capped: matching > MATCH_COUNT_CAP,
  };
}
