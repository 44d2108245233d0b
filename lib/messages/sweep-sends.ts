import "#server-only";
import { db } from "@/lib/db";
import { failUnconfirmed } from "@/lib/messages/transitions/fail-unconfirmed";
import { enqueue, queue } from "@/lib/queues";

const RECONCILE_AFTER_MS = 10 * 60 * 1000;
const REQUEUE_AFTER_MS = 60 * 1000;

/** The states of a job that will still run (BullMQ's getJobState). */
const LIVE = new Set(["waiting", "prioritized", "delayed", "active", "waiting-children"]);

/**
 * design.md: a message left `sending` (the worker died mid-call, or the upstream timed out)
 * that has heard nothing for 10 minutes becomes `failed`; a `queued` one whose job was lost
 * is queued again (safe: the job claims it only while it is still `queued`).
 *
 * A message is `queued` past a minute mostly because its job still waits: a channel's backlog
 * at its throughput (the job delayed until a slot frees), a sends queue behind. Such a message
 * (its own job, id = its id, still live) is left to that job; and the sweeper's own job for a
 * message is one at a time (BullMQ's deduplication, until it completes or fails). Each sweep
 * added a job for every such message before: during an hour's backlog on a slow channel, 60 jobs
 * a message, each asking the limiter for a slot every time it came due.
 */
export async function sweepSends(): Promise<{ failed: number; requeued: number; waiting: number }> {
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
  const sends = queue("sends");
  const states = await Promise.all(queued.map((m) => sends.getJobState(m.id)));
  const lost = queued.filter((_, i) => !LIVE.has(states[i] ?? "unknown"));
  for (const m of lost) {
    const job = { organizationId: m.organizationId, messageId: m.id };
    await enqueue("sends", job, { jobId: `${m.id}-sweep-${now}`, deduplication: { id: `${m.id}-sweep` } });
  }
  return { failed, requeued: lost.length, waiting: queued.length - lost.length };
}
