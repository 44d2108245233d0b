import "#server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { toCallJson } from "@/lib/calls/call-json";
import { callUpstreamError, connectUpstreamCall } from "@/lib/calls/graph-calls";
import { findContactByPhone, findOpenConversationId, insertCall } from "@/lib/calls/repository";
import type { CallJson, placeCallBody } from "@/lib/calls/schemas";
import { resolveSendChannel } from "@/lib/channels/resolve-channel";
import { mayCall, toCallPermissionJson } from "@/lib/contacts/call-permission";
import { normalizePhone } from "@/lib/contacts/phone";
import { recipientBlocked } from "@/lib/messages/recipient-blocked";

/** The customer as `to` names them, or VALIDATION_INVALID_PHONE. */
export function customerPhone(to: string): string {
  const phone = normalizePhone(to);
  if (!phone.ok)
    throw new ApiError("VALIDATION_INVALID_PHONE", "Invalid phone number.", {
      field: "to",
      hint: phone.hint,
    });
  return phone.e164;
}

/**
 * A business-initiated call (Meta's business-initiated calls guide:
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/business-initiated-calls/):
 * the customer's permission is checked first (Meta would refuse with 138006), then `connect` with
 * the caller's SDP offer. The call is kept ringing; WhatsApp's `status` and `connect` (its SDP
 * answer) notifications move it on (lib/inbound/process-calls.ts).
 */
export async function placeCall(
  organizationId: string,
  body: z.infer<typeof placeCallBody>,
): Promise<CallJson> {
  const phone = customerPhone(body.to);
  const channel = await resolveSendChannel(organizationId, body.channel_id);
  const contact = await findContactByPhone(organizationId, phone);
  if (contact?.blockedAt) throw recipientBlocked(contact.id);
  if (!contact || !mayCall(contact)) {
    const permission = contact ? toCallPermissionJson(contact) : null;
    throw new ApiError(
      "WHATSAPP_CALL_PERMISSION_REQUIRED",
      `WhatsApp lets a business call a customer only with their call permission (${permission ? `theirs is ${permission.status}` : "none was given"}): ask with POST /v1/whatsapp/calls/permissions and call once they accept. Nothing was sent.`,
      { rule: "call_permission", contact_id: contact?.id ?? null, call_permission: permission },
    );
  }
  let upstreamId: string;
  try {
    upstreamId = await connectUpstreamCall(channel, phone, body.sdp_offer);
  } catch (error) {
    throw callUpstreamError(error);
  }
  const call = await insertCall(organizationId, {
    channelId: channel.id,
    contactId: contact.id,
    conversationId: await findOpenConversationId(organizationId, contact.id, channel.id),
    upstreamId,
    direction: "business_initiated",
    state: "ringing",
    sdpOffer: body.sdp_offer,
  });
  return toCallJson(call);
}
