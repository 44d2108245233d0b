import "#server-only";
import { countsSql } from "@/lib/broadcasts/broadcast-json";
import { describeFailure } from "@/lib/broadcasts/describe-failure";
import { db } from "@/lib/db";
import type { BroadcastPauseJson } from "@/lib/events/broadcast-payloads";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { eventDataSql, type OutboxResult, withEventSql } from "@/lib/events/outbox-sql";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { countBroadcastPause } from "@/lib/metrics/record";

/** A window closes after this many results (sent or failed) since it opened. */
export const WINDOW = 50;
/** Of a closed window, this share failed, and this share of its failures with one error: pause. */
const SHARE = 0.8;
/** How many of the latest failures are read to find the error most of them share. */
const SAMPLE = 200;

type Window = { sent: number; failed: number };

/**
 * Issue 29: a broadcast whose sends mostly fail with one error (a header image WhatsApp cannot
 * download, a paused template, a wrong parameter count) stops itself instead of failing every
 * customer. The driver calls this every second (lib/broadcasts/run-broadcast.ts). Windows are
 * tumbling, read from the counters the recipients' trigger keeps (cheap at any size): a window
 * opens at the counters of the first check (or after a resume or a retry) and closes once at
 * least WINDOW results came in; if SHARE of them failed and SHARE of the latest failures share
 * one error code, the broadcast is paused with why (`pause`) and `broadcast.paused` recorded in
 * the same statement; else the next window opens. Failures reported later by status
 * notifications count when they arrive (a failed status moves a recipient from sent to failed).
 * Answers whether it paused the broadcast.
 */
export async function pauseOnFailures(broadcastId: string): Promise<boolean> {
  const [row] = await db().$queryRaw<{ sent: number; failed: number; window: Window | null }[]>`
    SELECT coalesce(sum(k.sent), 0)::int AS sent, coalesce(sum(k.failed), 0)::int AS failed,
           (SELECT failure_window FROM broadcasts WHERE id = ${broadcastId}::uuid) AS window
    FROM broadcast_counters k WHERE k.broadcast_id = ${broadcastId}::uuid`;
  if (!row) return false;
  const now: Window = { sent: row.sent, failed: row.failed };
  const opened = row.window;
  if (!opened) return openWindow(broadcastId, now);
  const results = now.sent + now.failed - (opened.sent + opened.failed);
  const failed = now.failed - opened.failed;
  if (results < WINDOW) return false;
  if (failed < SHARE * results) return openWindow(broadcastId, now);
  const top = await commonestFailure(broadcastId, Math.min(failed, SAMPLE));
  if (!top || top.count < SHARE * Math.min(failed, SAMPLE)) return openWindow(broadcastId, now);
  return pause(broadcastId, top, { failed, of: results });
}

async function openWindow(broadcastId: string, at: Window): Promise<false> {
  await db().$executeRaw`
    UPDATE broadcasts SET failure_window = ${JSON.stringify(at)}::jsonb
    WHERE id = ${broadcastId}::uuid AND status = 'running'`;
  return false;
}

type Commonest = { code: string; message: string | null; count: number };

/** The error most of the latest `sample` failures share (by send order: the recipients' index). */
async function commonestFailure(broadcastId: string, sample: number): Promise<Commonest | null> {
  const [top] = await db().$queryRaw<Commonest[]>`
    SELECT r.error_code AS code, max(r.error_message) AS message, count(*)::int AS count
    FROM (
      SELECT error_code, error_message FROM broadcast_recipients
      WHERE broadcast_id = ${broadcastId}::uuid AND status = 'failed'
      ORDER BY seq DESC LIMIT ${sample}
    ) r
    WHERE r.error_code IS NOT NULL
    GROUP BY r.error_code ORDER BY count(*) DESC LIMIT 1`;
  return top ?? null;
}

async function pause(
  broadcastId: string,
  top: Commonest,
  window: { failed: number; of: number },
): Promise<boolean> {
  const at = new Date();
  const broadcast = await db().broadcast.findUnique({
    where: { id: broadcastId },
    select: { components: true },
  });
  const reason: BroadcastPauseJson = {
    by: "failures",
    error: describeFailure(top.code, top.message, broadcast?.components),
    failed: window.failed,
    of: window.of,
    at: at.toISOString(),
  };
  const [result] = await db().$queryRaw<OutboxResult[]>(
    withEventSql(
      Prisma.sql`UPDATE broadcasts b SET status = 'paused', pause = ${JSON.stringify(reason)}::jsonb,
          failure_window = NULL, updated_at = ${at}
        WHERE b.id = ${broadcastId}::uuid AND b.status = 'running'
        RETURNING b.organization_id, ${eventDataSql("broadcast.paused", {
          broadcastId: Prisma.sql`b.id`,
          pause: Prisma.sql`${JSON.stringify(reason)}::jsonb`,
          counts: Prisma.sql`jsonb_build_object('total', b.total) || ${countsSql}::jsonb`,
          timestamp: Prisma.sql`${at.toISOString()}::text`,
        })}`,
      "broadcast.paused",
      at,
    ),
  );
  if ((result?.changed ?? 0) === 0) return false;
  countBroadcastPause(top.code);
  logger.warn({ broadcastId, ...window, code: top.code }, "broadcast paused itself: most of its sends fail");
  await enqueueDeliveries(result?.delivery_ids ?? []);
  return true;
}
