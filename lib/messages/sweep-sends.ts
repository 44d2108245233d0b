import "#server-only";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent } from "@/lib/events/record-event";
import { enqueue } from "@/lib/queues";

const RECONCILE_AFTER_MS = 10 * 60 * 1000;
const REQUEUE_AFTER_MS = 60 * 1000;

/**
 * design.md: a message left `sending` (the worker died mid-call, or the upstream timed out)
 * that has heard nothing for 10 minutes becomes `failed`; a `queued` one whose job was lost
 * is queued again (safe: the job claims it only while it is still `queued`).
 */
export async function sweepSends(): Promise<{ failed: number; requeued: number }> {
  const now = Date.now();
  const stuck = await db().message.findMany({
    where: {
      direction: "outbound",
      status: "sending",
      sendingAt: { lt: new Date(now - RECONCILE_AFTER_MS) },
    },
    take: 500,
  });
  let failed = 0;
  for (const m of stuck) {
    const deliveryIds = await db().$transaction(async (tx) => {
      const won = await tx.message.updateMany({
        where: { id: m.id, status: "sending" },
        data: {
          status: "failed",
          failedAt: new Date(),
          errorCode: "unconfirmed",
          errorMessage: "no confirmation from the upstream within 10 minutes",
        },
      });
      if (won.count === 0) return [];
      failed++;
      return recordEvent(tx, m.organizationId, "message.failed", {
        messageId: m.id,
        whatsappMessageId: m.whatsappMessageId,
        conversationId: m.conversationId,
        contactId: m.contactId,
        channelId: m.channelId,
        ...(m.broadcastId ? { broadcastId: m.broadcastId } : {}),
        status: "failed",
        timestamp: new Date().toISOString(),
        error: { code: "unconfirmed", message: "no confirmation from the upstream within 10 minutes" },
      });
    });
    await enqueueDeliveries(deliveryIds);
  }
  const queued = await db().message.findMany({
    // a broadcast's messages are its own to send, at its pace (lib/broadcasts/sweep-broadcasts.ts)
    where: {
      direction: "outbound",
      status: "queued",
      broadcastId: null,
      createdAt: { lt: new Date(now - REQUEUE_AFTER_MS) },
    },
    select: { id: true },
    take: 1000,
  });
  for (const m of queued) await enqueue("sends", { messageId: m.id }, { jobId: `${m.id}-sweep-${now}` });
  return { failed, requeued: queued.length };
}
