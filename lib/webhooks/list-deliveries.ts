import "#server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { type DeliveryWithAttempts, deliveryInclude } from "@/lib/webhooks/delivery-json";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";
import type { ListDeliveriesQuery } from "@/lib/webhooks/schemas";

/** A webhook's deliveries, newest first, each with its attempts; filters combine with AND. */
export async function listDeliveries(
  organizationId: string,
  webhookId: string,
  query: ListDeliveriesQuery,
): Promise<{ deliveries: DeliveryWithAttempts[]; total: number }> {
  await getWebhookOrThrow(organizationId, webhookId);
  const where: Prisma.DeliveryWhereInput = {
    organizationId,
    webhookId,
    ...(query.status ? { status: query.status } : {}),
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
  const [deliveries, total] = await Promise.all([
    db().delivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
      include: deliveryInclude,
    }),
    db().delivery.count({ where }),
  ]);
  return { deliveries, total };
}
