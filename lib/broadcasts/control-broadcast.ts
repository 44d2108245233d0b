import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findBroadcast } from "@/lib/broadcasts/find-broadcast";
import { queueBroadcast } from "@/lib/broadcasts/queue-broadcast";
import { findBroadcastRow, updateBroadcastRow } from "@/lib/broadcasts/repository/broadcasts";
import { skipPendingRecipients } from "@/lib/broadcasts/repository/recipients";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";
import { db } from "@/lib/db";
import { retryOnWriteConflict } from "@/lib/db-errors";
import { type BroadcastStatus, Prisma } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

export type Control = "pause" | "resume" | "cancel";

/** Which states each operation applies to; any other answers 409 RESOURCE_INVALID_STATE. */
const FROM: Record<Control, BroadcastStatus[]> = {
  pause: ["scheduled", "running"],
  resume: ["paused"],
  cancel: ["scheduled", "running", "paused"],
};

const WORDS: Record<Control, string> = {
  pause: "only a scheduled or running broadcast can be paused",
  resume: "only a paused broadcast can be resumed",
  cancel: "a completed or cancelled broadcast cannot be cancelled",
};

/**
 * Pause, resume or cancel. Messages already handed to the upstream complete either way; pause
 * stops the next batches; resume starts again where it stopped (or waits for scheduled_at);
 * cancel makes every pending recipient `skipped` (cancelled) and deletes the messages stored
 * for them but never sent (a `queued` message is one nobody announced yet).
 */
export async function controlBroadcast(
  organizationId: string,
  id: string,
  op: Control,
): Promise<BroadcastJson> {
  const now = new Date();
  // a cancel locks the broadcast's pending recipients while a batch's sends move them by trigger:
  // when PostgreSQL breaks a deadlock between the two, the cancel is run again (lib/db-errors.ts)
  const changed = isUuid(id)
    ? await retryOnWriteConflict(() =>
        db().$transaction(async (tx) => {
          const current = await findBroadcastRow(organizationId, id, tx);
          if (!current) return null;
          const to = targetOf(op, current.scheduledAt, now);
          const moved = await updateBroadcastRow(
            organizationId,
            id,
            {
              from: FROM[op],
              data: {
                status: to,
                ...(to === "running" && !current.startedAt ? { startedAt: now } : {}),
                ...(to === "cancelled" ? { cancelledAt: now } : {}),
                // a resume starts a new failure window and forgets why it paused itself (pause-on-failures.ts)
                ...(op === "resume" ? { pause: Prisma.DbNull, failureWindow: Prisma.DbNull } : {}),
              },
            },
            tx,
          );
          if (!moved) {
            throw new ApiError(
              "RESOURCE_INVALID_STATE",
              `The broadcast is ${current.status}: ${WORDS[op]}.`,
              {
                status: current.status,
              },
            );
          }
          // the pending recipients are skipped and their never-sent messages deleted (recipients.ts says how)
          if (to === "cancelled") await skipPendingRecipients(organizationId, id, tx);
          return { to, scheduledAt: current.scheduledAt };
        }),
      )
    : null;
  if (!changed) throw new ApiError("RESOURCE_NOT_FOUND", "No such broadcast.", { field: "id" });
  if (changed.to === "running" || changed.to === "scheduled") {
    await queueBroadcast(organizationId, id, changed.to === "scheduled" ? changed.scheduledAt : null);
  }
  const broadcast = await findBroadcast(organizationId, id);
  if (!broadcast) throw new ApiError("RESOURCE_NOT_FOUND", "No such broadcast.", { field: "id" });
  return broadcast;
}

function targetOf(op: Control, scheduledAt: Date | null, now: Date): BroadcastStatus {
  if (op === "pause") return "paused";
  if (op === "cancel") return "cancelled";
  return scheduledAt && scheduledAt > now ? "scheduled" : "running";
}
