import { z } from "zod";

/**
 * The `data` of the call events (issue 32), camelCase inside `data` like the other events. Meta's
 * `calls` webhook field (connect, status, terminate) and the customer's call_permission_reply:
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/business-initiated-calls/
 */
const at = z.iso.datetime().meta({ description: "Time of the event on the server (ISO 8601, milliseconds)" });
const direction = z.enum(["user_initiated", "business_initiated"]);

const callBase = {
  callId: z.uuid().meta({ description: "The call (ours): `GET /v1/whatsapp/calls/{id}`" }),
  upstreamCallId: z.string().meta({ description: "WhatsApp's call id (`wacid.…`)" }),
  direction,
  channelId: z.uuid(),
  contactId: z.uuid().nullable(),
  conversationId: z.uuid().nullable(),
  customerPhone: z.string().nullable().meta({ description: "E.164 with `+`" }),
};

export const callRingingData = z
  .object({
    ...callBase,
    sdpOffer: z.string().meta({
      description:
        "The customer's SDP offer: make your answer from it, then `POST /v1/whatsapp/calls/{id}/accept` (optionally `pre-accept` first)",
    }),
    timestamp: at,
  })
  .meta({ id: "CallRingingData" });

export const callConnectedData = z
  .object({
    ...callBase,
    answeredBy: z.string().nullable().meta({
      description: "`api` or a staff user's id for a customer's call; null for a call the business placed",
    }),
    sdpAnswer: z.string().nullable().meta({
      description:
        "For a call the business placed: WhatsApp's SDP answer, to apply to your WebRTC stack; null for a customer's call (the answer was yours)",
    }),
    timestamp: at,
  })
  .meta({ id: "CallConnectedData" });

export const callEndedData = z
  .object({
    ...callBase,
    state: z.enum(["ended", "missed", "rejected", "failed"]),
    endReason: z.enum(["completed", "missed", "customer_rejected", "business_rejected", "failed"]),
    outcome: z
      .string()
      .nullable()
      .meta({ description: "WhatsApp's terminate status as sent (COMPLETED, FAILED)" }),
    durationSeconds: z.int().nullable(),
    errorCode: z.string().nullable(),
    timestamp: at,
  })
  .meta({ id: "CallEndedData" });

export const callPermissionChangedData = z
  .object({
    contactId: z.uuid(),
    channelId: z.uuid(),
    customerPhone: z.string().nullable(),
    response: z.enum(["accept", "reject"]).meta({ description: "The customer's answer" }),
    permanent: z.boolean(),
    expiresAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When an accepted, temporary permission lapses" }),
    source: z.enum(["user_action", "automatic"]).nullable().meta({
      description:
        "How it came (WhatsApp's response_source): `user_action`, the customer answered a call permission request; `automatic`, they called a number whose callback permission is enabled, which gives the business a temporary permission; null when WhatsApp did not say",
    }),
    timestamp: at,
  })
  .meta({ id: "CallPermissionChangedData" });
