import "#server-only";
import { db, rawExecute } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { enqueue } from "@/lib/queues";

/** A broadcast message stored but not claimed this long ago lost its driver (a worker died). */
const ORPHAN_AFTER_MS = 30_000;
/** Scheduled broadcasts are queued again this long before their time (their delayed job may be gone). */
const AHEAD_MS = 10_000;
/** Broadcasts read (and their jobs added) at a time. */
const SWEEP_PAGE = 1_000;

/**
 * What Redis or a dead worker may have lost, rebuilt from PostgreSQL (design.md): every running
 * broadcast, and every scheduled one about to start, gets its job again (the job id is the
 * broadcast's: a live job makes this a no-op); a recipient whose message was stored but never
 * claimed (its worker died between the two) is made due again. A message left `sending` is
 * the send path's reconciler's (lib/messages/sweep-sends.ts): its status notifications or the
 * 10-minute rule settle it, and its recipient with it.
 */
export async function sweepBroadcasts(page = SWEEP_PAGE): Promise<{ queued: number; revived: number }> {
  const now = new Date();
  const revived = await rawExecute(reviveOrphansSql(now));
  let queued = 0;
  // every one, a page at a time in id order: a single `take: 1000` read the same thousand each
  // time, in no stated order, so past a thousand running broadcasts the others never got their
  // lost job back
  for (let after: string | undefined; ; ) {
    const due = await db().broadcast.findMany({
      where: {
        OR: [
          { status: "running" },
          { status: "scheduled", scheduledAt: { lte: new Date(now.getTime() + AHEAD_MS) } },
        ],
        ...(after ? { id: { gt: after } } : {}),
      },
      select: { id: true, organizationId: true, scheduledAt: true },
      orderBy: { id: "asc" },
      take: page,
    });
    await Promise.all(
      due.map((b) =>
        enqueue(
          "broadcasts",
          { broadcastId: b.id, organizationId: b.organizationId },
          { jobId: b.id, delay: b.scheduledAt ? Math.max(0, b.scheduledAt.getTime() - now.getTime()) : 0 },
        ),
      ),
    );
    queued += due.length;
    if (due.length < page) return { queued, revived };
    after = due[due.length - 1]?.id;
  }
}

/**
 * The orphans' recipients made due again: the stored-but-never-claimed messages are read once,
 * first (the array's subquery runs once, before the update), and their recipients are found by
 * their unique `message_id`. Written as a join, the plan was the statistics' choice: while a
 * broadcast's recipients grew faster than they were analyzed, PostgreSQL took the pending
 * recipients as the outer side and read every `queued` message (with the dead index entries of
 * those already sent) once per recipient: in bench:broadcast (100,000 recipients, 2026-12-01) one
 * sweep ran for minutes on a core of its own, past the end of the run, holding back vacuum and the
 * worker's other maintenance (one at a time). The messages the sweep reads are bounded by the
 * drivers' claims in flight (a few batches each), so the array is small.
 * Its plan is tested: sweep-plan.test.ts.
 */
export function reviveOrphansSql(now: Date): Prisma.Sql {
  return Prisma.sql`
    UPDATE broadcast_recipients r SET retry_at = ${now}
    WHERE r.message_id = ANY (ARRAY(
        SELECT m.id FROM messages m
        WHERE m.status = 'queued' AND m.broadcast_id IS NOT NULL
          AND m.created_at < ${new Date(now.getTime() - ORPHAN_AFTER_MS)}))
      AND r.status = 'pending' AND r.retry_at IS NULL`;
}
