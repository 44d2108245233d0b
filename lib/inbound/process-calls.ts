import { notificationContactSchema } from "@/lib/inbound/notification-schema";
import "#server-only";
import { z } from "zod";
import { callEventBase, FINAL_STATES } from "@/lib/calls/call-json";
import {
  findCallByUpstreamId,
  findOpenConversationId,
  hasCallOfUpstreamId,
  insertCall,
  updateCallIf,
} from "@/lib/calls/repository";
import { scheduleRingTimeout } from "@/lib/calls/ring-timeout";
import { findOrCreateInboundContact } from "@/lib/contacts/find-or-create-inbound-contact";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { recordEvent } from "@/lib/events/record-event";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/**
 * Meta's `calls` webhook field (issue 32 part 2). Shapes, from Meta's Calling guides:
 * - `connect` with an SDP offer: a customer calls the number (user-initiated calls,
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls);
 * - `connect` with an SDP answer: the customer answered a call the business placed, and
 *   `statuses[]` of `type` `call` (RINGING, ACCEPTED, REJECTED) for such calls
 *   (https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/business-initiated-calls/);
 * - `terminate`: the call ended, with `status` (COMPLETED or FAILED), `duration`, start and end.
 * A call reaches only the organization owning the active channel of `metadata.phone_number_id`
 * (the caller looks it up). What this cannot read (another event, a status or end of a call we do
 * not know) is answered `unread` so the caller keeps the change as unprocessed: nothing is dropped
 * in silence.
 */

export const CALLS_FIELD = "calls";

const session = z.object({ sdp_type: z.string(), sdp: z.string() }).loose();
const callItem = z
  .object({
    id: z.string().min(1),
    from: z.string().optional(),
    to: z.string().optional(),
    from_user_id: z.string().optional(),
    event: z.string(),
    direction: z.string().optional(),
    timestamp: z.union([z.string(), z.number()]).optional(),
    session: session.optional(),
    status: z.string().optional(),
    start_time: z.union([z.string(), z.number()]).optional(),
    end_time: z.union([z.string(), z.number()]).optional(),
    duration: z.union([z.string(), z.number()]).optional(),
    errors: z.array(z.object({ code: z.union([z.number(), z.string()]) }).loose()).optional(),
  })
  .loose();
const callStatus = z
  .object({
    id: z.string().min(1),
    type: z.literal("call"),
    status: z.string(),
    timestamp: z.union([z.string(), z.number()]).optional(),
    recipient_id: z.string().optional(),
  })
  .loose();
const callsValue = z
  .object({
    metadata: z.object({ phone_number_id: z.string() }).loose(),
    contacts: z.array(notificationContactSchema).optional(),
    calls: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
  })
  .loose();

type CallItem = z.infer<typeof callItem>;
type Profile = NonNullable<z.infer<typeof callsValue>["contacts"]>[number];

export type CallsResult = { deliveryIds: string[]; unread: boolean };

function seconds(value: string | number | undefined): Date | null {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : null;
}

/**
 * When a call started: Meta's timestamp counts whole seconds, so when it is recent (under a
 * minute old: the usual case) the time we process it, in milliseconds, is kept instead: it orders
 * the call right among the thread's messages, which are stamped the same way. A late notification
 * keeps Meta's time. (Our decision.)
 */
function startTime(timestamp: string | number | undefined): Date {
  const at = seconds(timestamp);
  const now = new Date();
  return at === null || now.getTime() - at.getTime() < 60_000 ? now : at;
}

/** Applies one `calls` change value on the channel of its number. */
export async function processCalls(
  value: unknown,
  channelOf: (phoneNumberId: string) => Promise<Channel | null>,
): Promise<CallsResult> {
  const parsed = callsValue.safeParse(value);
  if (!parsed.success) return { deliveryIds: [], unread: true };
  const channel = await channelOf(parsed.data.metadata.phone_number_id);
  // no active channel: the notification stays stored, no organization sees it
  if (!channel) return { deliveryIds: [], unread: false };
  const deliveryIds: string[] = [];
  let unread = false;
  for (const raw of parsed.data.calls ?? []) {
    const item = callItem.safeParse(raw);
    if (!item.success) {
      unread = true;
      continue;
    }
    const applied = await withRetry(() => applyCall(channel, item.data, parsed.data.contacts ?? []));
    if (applied === null) unread = true;
    else deliveryIds.push(...applied);
  }
  for (const raw of parsed.data.statuses ?? []) {
    const status = callStatus.safeParse(raw);
    const applied = status.success ? await applyStatus(channel, status.data) : null;
    if (applied === null) unread = true;
    else deliveryIds.push(...applied);
  }
  return { deliveryIds, unread };
}

async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      // the same customer or call written concurrently (a message, the same notification twice)
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** Answers the deliveries to start, or null for a call event this cannot apply. */
async function applyCall(channel: Channel, item: CallItem, profiles: Profile[]): Promise<string[] | null> {
  const direction = item.direction?.toUpperCase();
  if (item.event === "connect" && item.session?.sdp_type === "offer" && direction !== "BUSINESS_INITIATED")
    return ringing(channel, item, profiles);
  if (item.event === "connect" && item.session?.sdp_type === "answer") return connected(channel, item);
  if (item.event === "terminate") return terminated(channel, item);
  return null;
}

/**
 * A customer's call: the contact (made when new), the call ringing, `call.ringing`, and its ring
 * timeout queued once committed (lib/calls/ring-timeout.ts).
 */
async function ringing(channel: Channel, item: CallItem, profiles: Profile[]): Promise<string[] | null> {
  const created = await ringingCall(channel, item, profiles);
  if (created.call)
    await scheduleRingTimeout(
      { ...created.call, organizationId: channel.organizationId },
      channel.callRingSeconds,
    );
  return created.deliveryIds;
}

function ringingCall(
  channel: Channel,
  item: CallItem,
  profiles: Profile[],
): Promise<{ deliveryIds: string[]; call: { id: string; startedAt: Date } | null }> {
  const organizationId = channel.organizationId;
  const from = item.from ? item.from.replace(/^\+/, "") : null;
  const profile = profiles.find(
    (p) => (from && p.wa_id === from) || (item.from_user_id && p.user_id === item.from_user_id),
  );
  const sdp = item.session?.sdp ?? "";
  return db().$transaction(async (tx) => {
    if (await hasCallOfUpstreamId(organizationId, channel.id, item.id, tx))
      return { deliveryIds: [], call: null };
    const deliveryIds: string[] = [];
    const contact = await findOrCreateInboundContact(
      tx,
      organizationId,
      channel.id,
      {
        phone: from ? `+${from}` : null,
        bsuid: item.from_user_id ?? profile?.user_id ?? null,
        profileName: profile?.profile?.name ?? null,
      },
      // a call is not a message: it opens no 24-hour window (our reading of Meta's guides)
      { inboundAt: null },
    );
    deliveryIds.push(...contact.deliveryIds);
    const call = await insertCall(
      organizationId,
      {
        channelId: channel.id,
        contactId: contact.contact.id,
        conversationId: await findOpenConversationId(organizationId, contact.contact.id, channel.id, tx),
        upstreamId: item.id,
        direction: "user_initiated",
        state: "ringing",
        sdpOffer: sdp,
        startedAt: startTime(item.timestamp),
      },
      tx,
    );
    deliveryIds.push(
      ...(await recordEvent(tx, organizationId, "call.ringing", {
        ...callEventBase(call),
        sdpOffer: sdp,
        timestamp: new Date().toISOString(),
      })),
    );
    return { deliveryIds, call };
  });
}

/** The customer answered a call the business placed: WhatsApp's SDP answer, `call.connected`. */
function connected(channel: Channel, item: CallItem): Promise<string[] | null> {
  return db().$transaction(async (tx) => {
    const call = await findCallByUpstreamId(channel.organizationId, channel.id, item.id, tx);
    if (call?.direction !== "business_initiated") return null;
    const moved = await updateCallIf(
      channel.organizationId,
      call.id,
      { state: { in: ["ringing", "accepted"] } },
      { state: "connected", sdpAnswer: item.session?.sdp ?? null, connectedAt: new Date() },
      tx,
    );
    if (moved === 0) return [];
    return recordEvent(tx, channel.organizationId, "call.connected", {
      ...callEventBase(call),
      answeredBy: null,
      sdpAnswer: item.session?.sdp ?? null,
      timestamp: new Date().toISOString(),
    });
  });
}

/**
 * The call ended. A call never connected is missed (it rang, nobody answered) unless WhatsApp says
 * it failed; a call already rejected keeps its state and only takes the duration and outcome
 * (its `call.ended` was sent when it was rejected).
 */
async function terminated(channel: Channel, item: CallItem): Promise<string[] | null> {
  // the call's state may change under us (an accept or reject committing meanwhile): read again
  for (let attempt = 1; ; attempt++) {
    const result = await terminateOnce(channel, item);
    if (result !== MOVED || attempt >= 3) return result === MOVED ? [] : result;
  }
}

const MOVED = Symbol("moved");

function terminateOnce(channel: Channel, item: CallItem): Promise<string[] | null | typeof MOVED> {
  return db().$transaction(async (tx) => {
    const call = await findCallByUpstreamId(channel.organizationId, channel.id, item.id, tx);
    if (!call) return null;
    const outcome = item.status ?? null;
    const failed = outcome?.toUpperCase() === "FAILED";
    const duration = Number(item.duration);
    const durationSeconds = Number.isFinite(duration) && duration >= 0 ? Math.round(duration) : null;
    const endedAt = seconds(item.end_time) ?? seconds(item.timestamp) ?? new Date();
    const errorCode = item.errors?.[0]?.code === undefined ? null : String(item.errors[0].code);
    if (FINAL_STATES.has(call.state)) {
      const late = {
        outcome: call.outcome ?? outcome,
        durationSeconds: call.durationSeconds ?? durationSeconds,
      };
      await updateCallIf(channel.organizationId, call.id, {}, late, tx);
      return [];
    }
    const wasConnected = call.state === "connected" || call.state === "accepted";
    // a ringing call the business is rejecting (lib/calls/call-actions.ts marks it first)
    const rejected = !wasConnected && call.terminateReason === "business_rejected";
    const state = failed ? "failed" : wasConnected ? "ended" : rejected ? "rejected" : "missed";
    const endReason = failed
      ? "failed"
      : wasConnected
        ? "completed"
        : rejected
          ? "business_rejected"
          : "missed";
    const ended = {
      state,
      terminateReason: endReason,
      outcome,
      errorCode,
      durationSeconds,
      endedAt,
      sdpOffer: null,
      sdpAnswer: null,
    };
    const moved = await updateCallIf(channel.organizationId, call.id, { state: call.state }, ended, tx);
    if (moved === 0) return MOVED;
    return recordEvent(tx, channel.organizationId, "call.ended", {
      ...callEventBase(call),
      state,
      endReason,
      outcome,
      durationSeconds,
      errorCode,
      timestamp: new Date().toISOString(),
    });
  });
}

/** A business-initiated call's status: RINGING (no change), ACCEPTED, REJECTED (`call.ended`). */
function applyStatus(channel: Channel, status: z.infer<typeof callStatus>): Promise<string[] | null> {
  return db().$transaction(async (tx) => {
    const call = await findCallByUpstreamId(channel.organizationId, channel.id, status.id, tx);
    if (call?.direction !== "business_initiated") return null;
    const value = status.status.toUpperCase();
    if (value === "RINGING") return [];
    const organizationId = channel.organizationId;
    if (value === "ACCEPTED") {
      await updateCallIf(organizationId, call.id, { state: "ringing" }, { state: "accepted" }, tx);
      return [];
    }
    if (value !== "REJECTED") return null;
    const rejected = {
      state: "rejected",
      terminateReason: "customer_rejected",
      endedAt: seconds(status.timestamp) ?? new Date(),
      sdpOffer: null,
      sdpAnswer: null,
    };
    const moved = await updateCallIf(
      organizationId,
      call.id,
      { state: { in: ["ringing", "accepted"] } },
      rejected,
      tx,
    );
    if (moved === 0) return [];
    return recordEvent(tx, channel.organizationId, "call.ended", {
      ...callEventBase(call),
      state: "rejected",
      endReason: "customer_rejected",
      outcome: "REJECTED",
      durationSeconds: null,
      errorCode: null,
      timestamp: new Date().toISOString(),
    });
  });
}
