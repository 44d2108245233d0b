import "#server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { type BacklogJson, MATCH_COUNT_CAP } from "@/lib/webhooks/delivery-schemas";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";

/**
 * What "Retry now" and "Redeliver failed" would take for one webhook and period: deliveries
 * waiting for their next automatic attempt, and deliveries whose retries are spent. Each count
 * stops at MATCH_COUNT_CAP (a range scan of deliveries(webhook_id, created_at)).
 */
export async function countBacklog(
  organizationId: string,
  input: { webhookId: string; since?: Date; until?: Date },
): Promise<BacklogJson> {
  const webhook = await getWebhookOrThrow(organizationId, input.webhookId);
  const range = Prisma.sql`${input.since ? Prisma.sql`AND created_at >= ${input.since}` : Prisma.empty}
    ${input.until ? Prisma.sql`AND created_at < ${input.until}` : Prisma.empty}`;
  const count = (where: Prisma.Sql) => Prisma.sql`(SELECT count(*)::int FROM (
      SELECT 1 FROM deliveries WHERE organization_id = ${organizationId}::uuid AND webhook_id = ${webhook.id}
        AND ${where} ${range} LIMIT ${MATCH_COUNT_CAP + 1}) s)`;
  const [row] = await db().$queryRaw<{ retrying: number; failed: number }[]>(Prisma.sql`
    SELECT ${count(Prisma.sql`status = 'pending' AND attempt_count > 0`)} AS retrying,
           ${count(Prisma.sql`status = 'failed'`)} AS failed`);
  const retrying = row?.retrying ?? 0;
  const failed = row?.failed ?? 0;
  return {
    retrying: Math.min(retrying, MATCH_COUNT_CAP),
    retrying_capped: retrying > MATCH_COUNT_CAP,
    failed: Math.min(failed, MATCH_COUNT_CAP),
    failed_capped: failed > MATCH_COUNT_CAP,
    webhook_active: webhook.status === "active",
  };
}
