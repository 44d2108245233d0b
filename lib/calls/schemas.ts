import { z } from "zod";
import { pageQuery } from "@/lib/api/pagination";

/**
 * WhatsApp voice calls (Meta's Calling API) as a resource (issue 32 part 1). Sources:
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/business-initiated-calls/
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/reference/
 */

export const CALL_DIRECTIONS = ["user_initiated", "business_initiated"] as const;
export const CALL_STATES = [
  "ringing",
  "accepted",
  "connected",
  "rejected",
  "missed",
  "ended",
  "failed",
] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
export type CallState = (typeof CALL_STATES)[number];

/** Why a call ended (our words; Meta's own terminate status is in `outcome`). */
export const CALL_END_REASONS = [
  "completed",
  "missed",
  "customer_rejected",
  "business_rejected",
  "failed",
] as const;

/** Meta: an SDP is an RFC 8866 session description; 64 KB is our bound (no page gives one). */
const sdp = z
  .string()
  .min(1)
  .max(65_536)
  .meta({ description: "An RFC 8866 SDP, exactly as your WebRTC (or SIP gateway) stack made it" });

export const callJsonSchema = z
  .object({
    id: z.uuid(),
    call_id: z.string().meta({ description: "Meta's call id (`wacid.…`)" }),
    direction: z.enum(CALL_DIRECTIONS),
    state: z.enum(CALL_STATES).meta({
      description:
        "ringing (offered, not answered yet), accepted (answered, media not confirmed), connected, then one of rejected, missed, ended, failed",
    }),
    channel_id: z.uuid(),
    contact_id: z.uuid().nullable(),
    conversation_id: z.uuid().nullable().meta({ description: "The customer's conversation when one exists" }),
    customer_phone: z.string().nullable().meta({ description: "E.164 with `+`" }),
    answered_by: z.string().nullable().meta({
      description:
        "Who answered a customer's call: `api` (an API key) or a staff user's id; null when nobody did",
    }),
    sdp_offer: z.string().nullable().meta({
      description:
        "The SDP offer (the customer's for an incoming call, yours for a call you placed), kept until the call ends, then null",
    }),
    sdp_answer: z.string().nullable().meta({
      description:
        "The SDP answer (yours for an incoming call, WhatsApp's for a call you placed), kept until the call ends, then null",
    }),
    started_at: z.iso.datetime(),
    connected_at: z.iso.datetime().nullable(),
    ended_at: z.iso.datetime().nullable(),
    duration_seconds: z.int().nullable().meta({ description: "As WhatsApp measured it, once ended" }),
    end_reason: z.enum(CALL_END_REASONS).nullable(),
    outcome: z
      .string()
      .nullable()
      .meta({ description: "WhatsApp's terminate status as sent (e.g. COMPLETED, FAILED)" }),
    error_code: z.string().nullable().meta({ description: "WhatsApp's error code of a failed call" }),
  })
  .meta({ id: "Call" });

export type CallJson = z.infer<typeof callJsonSchema>;

export const callParams = z.object({ id: z.string().meta({ description: "Call id (ours, a UUID)" }) });

export const listCallsQuery = pageQuery
  .extend({
    channel_id: z.string().optional().meta({ description: "Only this channel's calls" }),
    state: z.enum(CALL_STATES).optional(),
    direction: z.enum(CALL_DIRECTIONS).optional(),
  })
  .meta({ id: "ListCallsQuery" });

const channelId = z
  .string()
  .optional()
  .meta({ description: "Channel UUID; optional when the organization has exactly one active channel" });

export const placeCallBody = z
  .object({
    to: z.string().min(1).meta({ description: "The customer's number, E.164 (with or without `+`)" }),
    sdp_offer: sdp,
    channel_id: channelId,
  })
  .meta({ id: "PlaceCallRequest" });

export const answerCallBody = z.object({ sdp_answer: sdp }).meta({ id: "AnswerCallRequest" });

export const permissionRequestBody = z
  .object({
    to: z.string().min(1).meta({ description: "The customer's number, E.164 (with or without `+`)" }),
    body: z.string().trim().min(1).max(1024).optional().meta({
      description: "The request's text (Meta's interactive body); a default sentence when left out",
    }),
    channel_id: channelId,
  })
  .meta({ id: "CallPermissionRequestRequest" });

export const permissionRequestJson = z
  .object({
    id: z.uuid(),
    contact_id: z.uuid(),
    channel_id: z.uuid(),
    wamid: z.string().nullable().meta({ description: "WhatsApp's id of the request message" }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "CallPermissionRequest" });
