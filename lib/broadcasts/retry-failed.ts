import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { queueBroadcast } from "@/lib/broadcasts/queue-broadcast";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

/**
 * Failures that may succeed later: transient upstream errors (1, 2, 131000, 133004), rate and
 * pair limits (130429, 131056, 80007, 4), maintenance (131057), spam and ecosystem limits
 * (131048, 131049: later means days), an unfetchable header link (131053), and an upstream
 * we could not reach (nothing was sent). Not: undeliverable numbers (131026), a customer who
 * stopped marketing (131050), template errors (132xxx), and sends the upstream may have
 * received without telling us (`timeout`, `unconfirmed`): retrying those could send twice.
 */
export const RETRYABLE_LATER = [
  "1",
  "2",
  "4",
  "80007",
  "130429",
  "131000",
  "131016",
  "131048",
  "131049",
  "131053",
  "131056",
  "131057",
  "133004",
  "unreachable",
];

/**
 * POST …/broadcasts/{id}/retry: failed recipients whose error may clear go back to `pending`
 * (each gets a new message when its turn comes; the failed one stays in the conversation). A
 * completed broadcast runs again; a cancelled one cannot. Answers how many.
 */
export async function retryFailed(organizationId: string, id: string): Promise<{ count: number }> {
  const broadcast = isUuid(id) ? await db().broadcast.findFirst({ where: { id, organizationId } }) : null;
  if (!broadcast) throw new ApiError("RESOURCE_NOT_FOUND", "No such broadcast.", { field: "id" });
  if (broadcast.status === "cancelled") {
    throw new ApiError(
      "RESOURCE_INVALID_STATE",
      "The broadcast is cancelled: its failures cannot be retried.",
      {
        status: broadcast.status,
      },
    );
  }
  const count = await db().$transaction(async (tx) => {
    const moved = await tx.$executeRaw`
      UPDATE broadcast_recipients SET status = 'pending', message_id = NULL, retry_at = NULL, attempts = 0,
        error_code = NULL, error_message = NULL, sent_at = NULL, delivered_at = NULL, read_at = NULL, failed_at = NULL
      WHERE broadcast_id = ${id}::uuid AND status = 'failed' AND error_code = ANY (${RETRYABLE_LATER}::text[])`;
    if (moved > 0) {
      await tx.broadcast.updateMany({
        where: { id, status: "completed" },
        data: { status: "running", completedAt: null },
      });
      // the retried recipients are judged in a window of their own (pause-on-failures.ts)
      await tx.broadcast.update({ where: { id }, data: { failureWindow: Prisma.DbNull } });
    }
    return moved;
  });
  if (count > 0) await queueBroadcast(id);
  return { count };
}
