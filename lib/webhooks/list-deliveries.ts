import "#server-only";
import { decodeCursor, encodeCursor } from "@/lib/api/pagination";
import type { DeliveryWithAttempts } from "@/lib/webhooks/delivery-json";
import {
  type DeliveriesPageJson,
  type DeliveryRowJson,
  type DeliverySort,
  MATCH_COUNT_CAP,
} from "@/lib/webhooks/delivery-schemas";
import { DELIVERY_ID } from "@/lib/webhooks/get-delivery-detail";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";
import {
  type DeliveryFilter,
  findDeliveriesAfter,
  findDeliveriesPage,
} from "@/lib/webhooks/repository/deliveries";

/** /v1: one webhook's deliveries by offset pages, each with its attempts, and the total. */
type OffsetPage = { page: number; perPage: number };
/** The dashboard: keyset pages in either order, each row with its latest attempt, and a capped count. */
type CursorPage = { cursor?: string; sort: DeliverySort; limit: number };

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
  if ("sort" in page) return cursorPage(organizationId, filter, page);
  if (filter.webhookId) await getWebhookOrThrow(organizationId, filter.webhookId);
  return findDeliveriesPage(organizationId, filter, page);
}

/** Keyset pages in either order (the repository's findDeliveriesAfter). */
async function cursorPage(
  organizationId: string,
  filter: DeliveryFilter,
  page: CursorPage,
): Promise<DeliveriesPageJson> {
  const { rows, matching } = await findDeliveriesAfter(organizationId, filter, {
    cursor: decodeCursor(page.cursor, DELIVERY_ID),
    dir: page.sort === "oldest" ? "asc" : "desc",
    take: page.limit + 1,
    countCap: MATCH_COUNT_CAP + 1,
  });
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
