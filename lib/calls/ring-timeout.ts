import "#server-only";
import { callEventBase } from "@/lib/calls/call-json";
import { upstreamCallAction } from "@/lib/calls/graph-calls";
import { findCallWithChannel, updateCallIf } from "@/lib/calls/repository";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";
import { startDeliveries } from "@/lib/webhooks/start-deliveries";

/**
 * Ring timeout (issue 32 part 3): a customer's call nobody answers within the channel's ring
 * seconds is rejected upstream (Meta's `reject` action,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls)
 * and logged as missed. One delayed job per call (job id `ring-<call id>`: BullMQ keeps one live
 * job per id, and the job names the call's organization), and a sweeper for jobs lost with Redis
 * (lib/calls/sweep-ringing-calls.ts); whichever runs, the conditional update from `ringing` lets
 * exactly one of them (or WhatsApp's own terminate notification) end the call and send its single
 * `call.ended`.
 */

export const ringJobId = (callId: string) => `ring-${callId}`;

/** Queues the call's timeout to run `ringSeconds` after it started. Best effort: the sweeper is the fallback. */
export async function scheduleRingTimeout(
  call: { id: string; organizationId: string; startedAt: Date },
  ringSeconds: number,
) {
  const delay = Math.max(0, call.startedAt.getTime() + ringSeconds * 1000 - Date.now());
  await enqueue(
    "calls",
    { organizationId: call.organizationId, callId: call.id },
    { jobId: ringJobId(call.id), delay },
  ).catch((error: unknown) =>
    logger.warn({ err: error, callId: call.id }, "ring timeout not queued; the sweeper will end the call"),
  );
}

export type RingTimeoutResult = "missed" | "left" | "not_due";

/**
 * Ends the call as missed when it is still a ringing customer's call past its ring time. A call
 * answered, rejected or hung up meanwhile is left alone; so is one WhatsApp says is no longer
 * ringing when we reject it (an answer won the race upstream).
 */
export async function expireRingingCall(
  organizationId: string,
  callId: string,
  now = new Date(),
): Promise<RingTimeoutResult> {
  const call = await findCallWithChannel(organizationId, callId);
  // a staff member answering in the dashboard holds the call (answered_by set, still ringing) for
  // the second or two the browser takes to make its SDP answer: the timeout leaves it to them
  // (lib/calls/dashboard-calls.ts gives it back if WhatsApp refuses the answer)
  if (call?.state !== "ringing" || call.direction !== "user_initiated" || call.answeredBy !== null) {
    return "left";
  }
  if (call.startedAt.getTime() + call.channel.callRingSeconds * 1000 > now.getTime()) return "not_due";
  // marked first, as a reject is (lib/calls/call-actions.ts): WhatsApp's terminate notification
  // for our reject may be processed before we are done, and must then read a missed call
  const ringing = { state: "ringing", answeredBy: null };
  const marked = await updateCallIf(organizationId, call.id, ringing, { terminateReason: "missed" });
  if (marked === 0) return "left";
  try {
    await upstreamCallAction(call.channel, call.upstreamId, "reject");
  } catch (error) {
    const meta =
      error instanceof UpstreamError && error.failure.kind === "rejected" ? error.failure.error : null;
    // 138008: the call is not ringing upstream any more (answered or ended meanwhile)
    if (meta?.code === 138008) {
      await updateCallIf(
        organizationId,
        call.id,
        { state: { in: ["ringing", "accepted", "connected"] }, terminateReason: "missed" },
        { terminateReason: null },
      );
      return "left";
    }
    // unreachable or refused otherwise: WhatsApp ends an unanswered call by itself; ours is missed
    logger.warn({ err: error, callId: call.id }, "ring timeout: WhatsApp did not take the reject");
  }
  const endedAt = new Date();
  const deliveryIds = await db().$transaction(async (tx) => {
    const moved = await updateCallIf(
      organizationId,
      call.id,
      ringing,
      { state: "missed", terminateReason: "missed", endedAt, sdpOffer: null, sdpAnswer: null },
      tx,
    );
    if (moved === 0) return null;
    return recordEvent(tx, organizationId, "call.ended", {
      ...callEventBase(call),
      state: "missed",
      endReason: "missed",
      outcome: null,
      durationSeconds: null,
      errorCode: null,
      timestamp: endedAt.toISOString(),
    });
  });
  if (deliveryIds === null) return "left";
  await startDeliveries(deliveryIds);
  return "missed";
}
