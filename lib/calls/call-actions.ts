import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { callEventBase, toCallJson } from "@/lib/calls/call-json";
import { findCallOrThrow } from "@/lib/calls/find-call";
import { type CallAction, callUpstreamError, upstreamCallAction } from "@/lib/calls/graph-calls";
import { getCallWithContact, updateCallIf, updateCallRow } from "@/lib/calls/repository";
import type { CallJson } from "@/lib/calls/schemas";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { startDeliveries } from "@/lib/webhooks/start-deliveries";

/** Which states each action needs (Meta's user-initiated calls guide: pre_accept, accept, reject on an incoming call; terminate on any live call). */
const RULES: Record<CallAction, { from: string[]; direction?: "user_initiated" }> = {
  pre_accept: { from: ["ringing"], direction: "user_initiated" },
  accept: { from: ["ringing"], direction: "user_initiated" },
  reject: { from: ["ringing"], direction: "user_initiated" },
  terminate: { from: ["ringing", "accepted", "connected"] },
};

const VERBS: Record<CallAction, string> = {
  pre_accept: "pre-accepted",
  accept: "accepted",
  reject: "rejected",
  terminate: "terminated",
};

/**
 * Relays an action on a call to Meta's calls endpoint
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls).
 * `accept` connects the call (answered by `api`) and records `call.connected`; `reject` ends it
 * (`call.ended`, business_rejected); `pre_accept` keeps the SDP answer; `terminate` waits for
 * WhatsApp's terminate notification, which carries the duration.
 */
export async function callAction(
  organizationId: string,
  id: string,
  action: CallAction,
  sdpAnswer?: string,
  answeredBy = "api",
): Promise<CallJson> {
  const call = await findCallOrThrow(organizationId, id);
  const rule = RULES[action];
  if (!rule.from.includes(call.state) || (rule.direction && rule.direction !== call.direction))
    throw new ApiError(
      "RESOURCE_INVALID_STATE",
      `A ${call.state} ${call.direction.replace("_", "-")} call cannot be ${VERBS[action]}.`,
      { state: call.state, direction: call.direction },
    );
  // a staff member answering in the dashboard holds the call (lib/calls/dashboard-calls.ts)
  if ((action === "pre_accept" || action === "accept") && call.answeredBy && call.answeredBy !== answeredBy)
    throw new ApiError("RESOURCE_INVALID_STATE", "A staff member is answering this call in the dashboard.", {
      state: call.state,
      direction: call.direction,
    });
  // a reject is marked before Meta hears it: Meta's terminate notification may be processed before
  // this request ends, and must then read a rejection, not a missed call (lib/inbound/process-calls.ts)
  if (action === "reject")
    await updateCallIf(
      organizationId,
      call.id,
      { state: "ringing" },
      { terminateReason: "business_rejected" },
    );
  try {
    await upstreamCallAction(call.channel, call.upstreamId, action, sdpAnswer);
  } catch (error) {
    if (action === "reject")
      await updateCallIf(organizationId, call.id, { state: "ringing" }, { terminateReason: null });
    throw callUpstreamError(error);
  }
  const now = new Date();
  if (action === "pre_accept") {
    return toCallJson(await updateCallRow(organizationId, call.id, { sdpAnswer }));
  }
  if (action === "terminate") return toCallJson(call);
  const { updated, deliveryIds } = await db().$transaction(async (tx) => {
    // only from ringing: a terminate notification may have ended the call meanwhile
    const moved = await updateCallIf(
      organizationId,
      call.id,
      { state: "ringing" },
      action === "accept"
        ? { state: "connected", sdpAnswer, answeredBy, connectedAt: now }
        : {
            state: "rejected",
            terminateReason: "business_rejected",
            endedAt: now,
            sdpOffer: null,
            sdpAnswer: null,
          },
      tx,
    );
    const updated = await getCallWithContact(organizationId, call.id, tx);
    if (moved === 0) return { updated, deliveryIds: [] };
    const base = callEventBase(updated);
    const timestamp = now.toISOString();
    const deliveryIds =
      action === "accept"
        ? await recordEvent(tx, organizationId, "call.connected", {
            ...base,
            answeredBy,
            sdpAnswer: null,
            timestamp,
          })
        : await recordEvent(tx, organizationId, "call.ended", {
            ...base,
            state: "rejected",
            endReason: "business_rejected",
            outcome: null,
            durationSeconds: null,
            errorCode: null,
            timestamp,
          });
    return { updated, deliveryIds };
  });
  await startDeliveries(deliveryIds);
  return toCallJson(updated);
}
