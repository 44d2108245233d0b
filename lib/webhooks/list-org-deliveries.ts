import "#server-only";
import { decodeCursor, encodeCursor } from "@/lib/api/pagination";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import {
  type DeliveriesPageJson,
  type DeliveriesQuery,
  type DeliveryRowJson,
  MATCH_COUNT_CAP,
} from "@/lib/webhooks/delivery-schemas";
import { DELIVERY_ID } from "@/lib/webhooks/get-delivery-detail";

const webhookRef = { select: { id: true, name: true, url: true, status: true } } as const;

/**
 * The organization's deliveries across its webhooks, newest or oldest first, by keyset pages
 * (fast at any depth; the same indexes serve both directions). With a status the scan follows
 * deliveries(organization_id, status, created_at), with a webhook deliveries(webhook_id,
 * created_at). Each row carries its latest attempt's outcome.
 */
export async function listOrgDeliveries(
  organizationId: string,
  query: DeliveriesQuery,
): Promise<DeliveriesPageJson> {
  const cursor = decodeCursor(query.cursor, DELIVERY_ID);
  const dir = query.sort === "oldest" ? "asc" : "desc";
  // past the cursor's (time, id) in the order shown: before it newest first, after it oldest first
  const beyond = dir === "asc" ? "gt" : "lt";
  const where: Prisma.DeliveryWhereInput = {
    organizationId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.webhook_id ? { webhookId: query.webhook_id } : {}),
    ...(query.event ? { event: { name: query.event } } : {}),
    ...(query.since || query.until
      ? {
          createdAt: {
            ...(query.since ? { gte: query.since } : {}),
            ...(query.until ? { lt: query.until } : {}),
          },
        }
      : {}),
  };
  const page: Prisma.DeliveryWhereInput = cursor
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
      where: page,
      orderBy: [{ createdAt: dir }, { id: dir }],
      take: query.limit + 1,
      include: {
        webhook: webhookRef,
        event: { select: { name: true } },
        attempts: { orderBy: { attemptNumber: "desc" }, take: 1 },
      },
    }),
    db().delivery.count({ where, take: MATCH_COUNT_CAP + 1 }),
  ]);
  const shown = rows.slice(0, query.limit);
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
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    matching: Math.min(matching, MATCH_COUNT_CAP),
    matching_capped: matching > MATCH_COUNT_CAP,
  };
}
