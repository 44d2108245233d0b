import "#server-only";
import { ApiError } from "@/lib/api/errors";
import type { DashboardSession } from "@/lib/auth/session";
import { callAction } from "@/lib/calls/call-actions";
import type { LiveCallJson, LiveCallsJson } from "@/lib/calls/dashboard-call-schemas";
import { findCallOrThrow } from "@/lib/calls/find-call";
import { findStaffNames, getCall, getLiveCall, listLiveCalls, updateCallIf } from "@/lib/calls/repository";
import type { Call } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

/**
 * Answering a customer's call in the dashboard (issue 32, part 3): the ringing notice polls
 * `liveCalls`; the browser makes the SDP answer (WebRTC, microphone) and `answerCall` relays it
 * with Meta's pre_accept then accept (lib/calls/call-actions.ts), after winning the call: the first
 * staff member to answer sets `answered_by` by a conditional update (ringing, nobody yet), the
 * others are told who took it. Everything is scoped to the session's organization: another
 * organization's call is 404 and never listed.
 */

/** How long a call that left ringing stays in the poll (the others' "answered by …", the end of one's own). */
export const RECENT_SECONDS = 20;
/** A ringing call older than this is not shown (Meta stops ringing long before; wt-b's ring timeout rejects it). */
const RINGING_LIMIT_MS = 10 * 60_000;

type LiveRow = Call & {
  contact: { name: string | null; profileName: string | null; phone: string | null } | null;
  channel: { name: string };
};

async function staffNames(organizationId: string, ids: (string | null)[]): Promise<Map<string, string>> {
  const staffIds = ids.filter((a): a is string => a !== null && isUuid(a));
  if (staffIds.length === 0) return new Map();
  return findStaffNames(organizationId, staffIds);
}

function nameOf(answeredBy: string | null, names: Map<string, string>): string | null {
  if (answeredBy === null) return null;
  if (answeredBy === "api") return "API";
  return names.get(answeredBy) ?? "a former staff member";
}

function toLive(row: LiveRow, names: Map<string, string>, userId: string): LiveCallJson {
  return {
    id: row.id,
    state: row.state,
    customer_name: row.contact?.name ?? row.contact?.profileName ?? null,
    customer_phone: row.contact?.phone ?? null,
    conversation_id: row.conversationId,
    channel_name: row.channel.name,
    started_at: row.startedAt.toISOString(),
    connected_at: row.connectedAt?.toISOString() ?? null,
    answered_by: nameOf(row.answeredBy, names),
    answered_by_me: row.answeredBy === userId,
    sdp_offer: row.state === "ringing" ? row.sdpOffer : null,
  };
}

async function liveOne(session: DashboardSession, id: string): Promise<LiveCallJson> {
  const row = await getLiveCall(session.organizationId, id);
  return toLive(row, await staffNames(session.organizationId, [row.answeredBy]), session.userId);
}

/** The organization's customer calls ringing now, the one this staff member is on, and those that just left ringing. */
export async function liveCalls(session: DashboardSession): Promise<LiveCallsJson> {
  const now = Date.now();
  const rows = await listLiveCalls(session.organizationId, {
    userId: session.userId,
    ringingSince: new Date(now - RINGING_LIMIT_MS),
    recentSince: new Date(now - RECENT_SECONDS * 1000),
  });
  const names = await staffNames(
    session.organizationId,
    rows.map((r) => r.answeredBy),
  );
  return { calls: rows.map((r) => toLive(r, names, session.userId)) };
}

async function takenError(session: DashboardSession, call: Call): Promise<ApiError> {
  const names = await staffNames(session.organizationId, [call.answeredBy]);
  const by = nameOf(call.answeredBy, names);
  if (by !== null && call.answeredBy !== session.userId)
    return new ApiError("RESOURCE_INVALID_STATE", `Answered by ${by}.`, {
      state: call.state,
      answered_by: by,
    });
  return new ApiError(
    "RESOURCE_INVALID_STATE",
    call.answeredBy === session.userId && call.state === "ringing"
      ? "You are answering this call already."
      : `The call is ${call.state}: it can no longer be answered.`,
    { state: call.state, answered_by: by },
  );
}

/**
 * The signed-in staff member answers with the browser's SDP answer: wins the call (ringing, nobody
 * yet: a conditional update, so two at once never both win), then Meta's pre_accept and accept. An
 * upstream refusal gives the call back to the others.
 */
export async function answerCall(session: DashboardSession, id: string, sdp: string): Promise<LiveCallJson> {
  const { organizationId, userId } = session;
  const call = await findCallOrThrow(organizationId, id);
  if (call.direction !== "user_initiated")
    throw new ApiError("RESOURCE_INVALID_STATE", "Only a customer's call is answered here.", {
      direction: call.direction,
    });
  const won = await updateCallIf(
    organizationId,
    call.id,
    { state: "ringing", answeredBy: null },
    { answeredBy: userId },
  );
  if (won === 0) throw await takenError(session, await getCall(organizationId, call.id));
  try {
    await callAction(organizationId, call.id, "pre_accept", sdp, userId);
    await callAction(organizationId, call.id, "accept", sdp, userId);
  } catch (error) {
    await updateCallIf(
      organizationId,
      call.id,
      { state: "ringing", answeredBy: userId },
      { answeredBy: null },
    );
    throw error;
  }
  return liveOne(session, call.id);
}

/** Declines a ringing call nobody answered: Meta's reject, for everyone (call.ended, business_rejected). */
export async function declineCall(session: DashboardSession, id: string): Promise<LiveCallJson> {
  const call = await findCallOrThrow(session.organizationId, id);
  if (call.answeredBy !== null || call.state !== "ringing") throw await takenError(session, call);
  await callAction(session.organizationId, call.id, "reject");
  return liveOne(session, call.id);
}

/** Hangs up the call the signed-in staff member answered: Meta's terminate; WhatsApp's terminate notification ends it. */
export async function hangUpCall(session: DashboardSession, id: string): Promise<LiveCallJson> {
  const call = await findCallOrThrow(session.organizationId, id);
  if (call.answeredBy !== session.userId) {
    const names = await staffNames(session.organizationId, [call.answeredBy]);
    throw new ApiError(
      "RESOURCE_INVALID_STATE",
      call.answeredBy === null
        ? "Nobody answered this call."
        : `Answered by ${nameOf(call.answeredBy, names)}: only they hang it up here.`,
      { state: call.state },
    );
  }
  await callAction(session.organizationId, call.id, "terminate");
  return liveOne(session, call.id);
}
