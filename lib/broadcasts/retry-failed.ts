import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { queueBroadcast } from "@/lib/broadcasts/queue-broadcast";
import { findBroadcastRow, updateBroadcastRow } from "@/lib/broadcasts/repository/broadcasts";
import { retryFailedRecipients } from "@/lib/broadcasts/repository/recipients";
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
  const broadcast = isUuid(id) ? await findBroadcastRow(organizationId, id) : null;
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
    const moved = await retryFailedRecipients(organizationId, id, RETRYABLE_LATER, tx);
    if (moved > 0) {
      await updateBroadcastRow(
        organizationId,
        id,
        { from: ["completed"], data: { status: "running", completedAt: null } },
        tx,
      );
      // the retried recipients are judged in a window of their own (pause-on-failures.ts)
      await updateBroadcastRow(organizationId, id, { data: { failureWindow: Prisma.DbNull } }, tx);
    }
    return moved;
  });
  if (count > 0) await queueBroadcast(organizationId, id);
  return { count };
}
