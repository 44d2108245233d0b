import type { CallJson } from "@/lib/calls/schemas";
import { CALL_DIRECTIONS, CALL_END_REASONS, CALL_STATES } from "@/lib/calls/schemas";
import type { Call } from "@/lib/generated/prisma/client.ts";

export type CallWithContact = Call & { contact: { phone: string | null } | null };

export const callInclude = { contact: { select: { phone: true } } } as const;

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

export function toCallJson(call: CallWithContact): CallJson {
  return {
    id: call.id,
    call_id: call.upstreamId,
    direction: oneOf(CALL_DIRECTIONS, call.direction, "user_initiated") ?? "user_initiated",
    state: oneOf(CALL_STATES, call.state, "failed") ?? "failed",
    channel_id: call.channelId,
    contact_id: call.contactId,
    conversation_id: call.conversationId,
    customer_phone: call.contact?.phone ?? null,
    answered_by: call.answeredBy,
    sdp_offer: call.sdpOffer,
    sdp_answer: call.sdpAnswer,
    started_at: call.startedAt.toISOString(),
    connected_at: call.connectedAt?.toISOString() ?? null,
    ended_at: call.endedAt?.toISOString() ?? null,
    duration_seconds: call.durationSeconds,
    end_reason: oneOf(CALL_END_REASONS, call.terminateReason, null),
    outcome: call.outcome,
    error_code: call.errorCode,
  };
}

/** The fields every call event's `data` shares. */
export function callEventBase(call: CallWithContact) {
  return {
    callId: call.id,
    upstreamCallId: call.upstreamId,
    direction:
      call.direction === "business_initiated" ? ("business_initiated" as const) : ("user_initiated" as const),
    channelId: call.channelId,
    contactId: call.contactId,
    conversationId: call.conversationId,
    customerPhone: call.contact?.phone ?? null,
  };
}

/** States a call no longer leaves. */
export const FINAL_STATES = new Set(["rejected", "missed", "ended", "failed"]);
