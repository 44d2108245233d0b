import "#server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { callUpstreamError } from "@/lib/calls/graph-calls";
import { customerPhone } from "@/lib/calls/place-call";
import {
  findContactByPhone,
  findLastConnectedAt,
  insertPermissionRequest,
  listPermissionRequestTimes,
} from "@/lib/calls/repository";
import type { permissionRequestBody, permissionRequestJson } from "@/lib/calls/schemas";
import { resolveSendChannel } from "@/lib/channels/resolve-channel";
import { graphRequest } from "@/lib/cloud-api/graph-client";
import { recipientBlocked } from "@/lib/messages/recipient-blocked";
import { sessionClosed, windowOpenSince } from "@/lib/messages/session-window";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * WhatsApp's limits on call permission requests, per business number and customer: one in 24
 * hours, two in 7 days; a connected call between them starts the count again
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-call-permissions).
 */
export const PERMISSION_LIMITS = [
  { rule: "one_per_24_hours", windowMs: DAY_MS, max: 1 },
  { rule: "two_per_7_days", windowMs: 7 * DAY_MS, max: 2 },
] as const;

/** Meta's default text when the caller gives none is not documented: ours. */
const DEFAULT_BODY = "We would like to call you on WhatsApp. Do you allow us to?";

/**
 * Sends the call permission request, a free-form interactive message of type
 * `call_permission_request` (Meta's call permission guide above; within the customer-service
 * window: outside it Meta wants a template, which this endpoint does not send, so
 * WHATSAPP_SESSION_CLOSED), refused before any upstream call when over the limits. The request is
 * counted (call_permission_requests); the customer's answer comes as `call_permission_reply`
 * (lib/inbound/apply-call-permission.ts). Not stored as a thread message (this round).
 */
export async function requestCallPermission(
  organizationId: string,
  body: z.infer<typeof permissionRequestBody>,
): Promise<z.infer<typeof permissionRequestJson>> {
  const phone = customerPhone(body.to);
  const channel = await resolveSendChannel(organizationId, body.channel_id);
  const contact = await findContactByPhone(organizationId, phone);
  if (!contact) throw sessionClosed();
  if (contact.blockedAt) throw recipientBlocked(contact.id);
  const now = new Date();
  if (!contact.lastInboundAt || contact.lastInboundAt < windowOpenSince(now)) throw sessionClosed();
  const since = (await findLastConnectedAt(organizationId, contact.id, channel.id)) ?? new Date(0);
  const recent = await listPermissionRequestTimes(
    organizationId,
    contact.id,
    channel.id,
    new Date(Math.max(since.getTime(), now.getTime() - 7 * DAY_MS)),
  );
  for (const limit of PERMISSION_LIMITS) {
    const inWindow = recent.filter((at) => at.getTime() > now.getTime() - limit.windowMs);
    if (inWindow.length >= limit.max) {
      const oldest = inWindow[inWindow.length - limit.max] ?? now;
      throw new ApiError(
        "WHATSAPP_CALL_PERMISSION_LIMIT",
        `WhatsApp allows ${limit.max === 1 ? "one call permission request a customer in 24 hours" : "two call permission requests a customer in 7 days"}; this customer reached it. Nothing was sent.`,
        {
          rule: limit.rule,
          contact_id: contact.id,
          retry_after: new Date(oldest.getTime() + limit.windowMs).toISOString(),
        },
      );
    }
  }
  let wamid: string | null = null;
  try {
    const answer = await graphRequest<{ messages?: { id?: string }[] }>(
      channel,
      `${channel.phoneNumberId}/messages`,
      {
        method: "POST",
        body: {
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: phone.slice(1),
          type: "interactive",
          interactive: {
            type: "call_permission_request",
            action: { name: "call_permission_request" },
            body: { text: body.body ?? DEFAULT_BODY },
          },
        },
      },
    );
    wamid = answer.messages?.[0]?.id ?? null;
  } catch (error) {
    throw callUpstreamError(error);
  }
  const row = await insertPermissionRequest(organizationId, {
    channelId: channel.id,
    contactId: contact.id,
    wamid,
  });
  return {
    id: row.id,
    contact_id: contact.id,
    channel_id: channel.id,
    wamid,
    created_at: row.createdAt.toISOString(),
  };
}
