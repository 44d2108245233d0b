import "#server-only";
import type { UpstreamFailure } from "@/lib/cloud-api/graph-error";
import { rawQuery } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { eventDataSql, type OutboxResult } from "@/lib/events/outbox-sql";
import { withEventSql } from "@/lib/events/repository";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { statusEventColumns } from "@/lib/messages/transitions/status-event-columns";

/**
 * A send the upstream refused (or that had nothing to send): `failed` from `queued` or
 * `sending`, with message.failed and its deliveries, in one statement.
 */
export async function markFailed(
  organizationId: string,
  messageId: string,
  failure: UpstreamFailure,
): Promise<void> {
  const failedAt = new Date();
  const error = failure.kind === "rejected" ? failure.error : { code: null, message: failure.message };
  const code = error.code === null ? failure.kind : String(error.code);
  const data = eventDataSql("message.failed", {
    ...statusEventColumns(failedAt),
    status: Prisma.sql`'failed'::text`,
    error: Prisma.sql`jsonb_build_object('code', ${JSON.stringify(error.code)}::jsonb, 'message', ${error.message}::text)`,
  });
  const [result] = await rawQuery<OutboxResult[]>(
    withEventSql(
      organizationId,
      Prisma.sql`UPDATE messages SET status = 'failed', failed_at = ${failedAt}, updated_at = ${failedAt},
          error_code = ${code}, error_message = ${error.message}, error_details = ${JSON.stringify(failure)}::jsonb
        WHERE id = ${messageId}::uuid AND organization_id = ${organizationId}::uuid
          AND status IN ('queued', 'sending')
        RETURNING organization_id, ${data}`,
      "message.failed",
      failedAt,
    ),
  );
  await enqueueDeliveries(result?.delivery_ids ?? []);
}
