import "#server-only";
import { describeFailure } from "@/lib/broadcasts/describe-failure";
import {
  findBroadcastRow,
  openFailureWindow,
  pauseBroadcastRow,
  readFailureWindow,
} from "@/lib/broadcasts/repository/broadcasts";
import { commonestRecipientFailure } from "@/lib/broadcasts/repository/recipients";
import type { BroadcastPauseJson } from "@/lib/events/broadcast-payloads";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
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
export async function pauseOnFailures(organizationId: string, broadcastId: string): Promise<boolean> {
  const row = await readFailureWindow(organizationId, broadcastId);
  if (!row) return false;
  const now: Window = { sent: row.sent, failed: row.failed };
  const opened = row.window;
  if (!opened) return openWindow(organizationId, broadcastId, now);
  const results = now.sent + now.failed - (opened.sent + opened.failed);
  const failed = now.failed - opened.failed;
  if (results < WINDOW) return false;
  if (failed < SHARE * results) return openWindow(organizationId, broadcastId, now);
  const sample = Math.min(failed, SAMPLE);
  // the error most of the latest failures share (by send order: the recipients' index)
  const top = await commonestRecipientFailure(organizationId, broadcastId, sample);
  if (!top || top.count < SHARE * sample) return openWindow(organizationId, broadcastId, now);
  return pause(organizationId, broadcastId, top, { failed, of: results });
}

async function openWindow(organizationId: string, broadcastId: string, at: Window): Promise<false> {
  await openFailureWindow(organizationId, broadcastId, at);
  return false;
}

async function pause(
  organizationId: string,
  broadcastId: string,
  top: { code: string; message: string | null },
  window: { failed: number; of: number },
): Promise<boolean> {
  const at = new Date();
  const broadcast = await findBroadcastRow(organizationId, broadcastId);
  const reason: BroadcastPauseJson = {
    by: "failures",
    error: describeFailure(top.code, top.message, broadcast?.components),
    failed: window.failed,
    of: window.of,
    at: at.toISOString(),
  };
  const result = await pauseBroadcastRow(organizationId, broadcastId, reason, at);
  if ((result?.changed ?? 0) === 0) return false;
  countBroadcastPause(top.code);
  logger.warn({ broadcastId, ...window, code: top.code }, "broadcast paused itself: most of its sends fail");
  await enqueueDeliveries(result?.delivery_ids ?? []);
  return true;
}
