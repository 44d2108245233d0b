import "#server-only";
import { db } from "@/lib/db";
import { failUnconfirmed } from "@/lib/messages/transitions/fail-unconfirmed";
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
  for (const m of stuck) if (await failUnconfirmed(m.organizationId, m)) failed++;
  const queued = await db().message.findMany({
    // a broadcast's messages are its own to send, at its pace (lib/broadcasts/sweep-broadcasts.ts)
    where: {
      direction: "outbound",
      status: "queued",
      broadcastId: null,
      createdAt: { lt: new Date(now - REQUEUE_AFTER_MS) },
    },
    select: { id: true, organizationId: true },
    take: 1000,
  });
  for (const m of queued) {
    const job = { organizationId: m.organizationId, messageId: m.id };
    await enqueue("sends", job, { jobId: `${m.id}-sweep-${now}` });
  }
  return { failed, requeued: queued.length };
}
