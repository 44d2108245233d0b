import type { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * When a webhook is disabled (by its owner, or by a 410 Gone answer) its pending deliveries
 * end as `failed` rather than waiting forever; each can be redelivered once the webhook is
 * active again. An attempt already in flight still records its own outcome.
 */
export async function failPendingDeliveries(
  tx: Prisma.TransactionClient,
  webhookId: string,
): Promise<number> {
  const { count } = await tx.delivery.updateMany({
    where: { webhookId, status: "pending" },
    data: { status: "failed", nextAttemptAt: null },
  });
  return count;
}
