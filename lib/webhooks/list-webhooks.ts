import "#server-only";
import { db } from "@/lib/db";
import type { Webhook } from "@/lib/generated/prisma/client.ts";

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
