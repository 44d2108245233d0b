import "#server-only";
import { z } from "zod";
import { findContactByPhone, updateContactReturning } from "@/lib/contacts/repository/contacts";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/**
 * The customer's answer to a call permission request: an inbound `interactive` message of type
 * `call_permission_reply` with `response` (accept or reject), `expiration_timestamp` (a temporary
 * permission's end), `is_permanent` and `response_source`
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-call-permissions).
 * Kept on the contact (the message itself goes the ordinary inbound way) and announced as
 * `call.permission_changed`, with `source`: "user_action" (they answered a request) or "automatic"
 * (they called a number whose callback permission is enabled, which gives a temporary permission:
 * Meta's business-initiated calls guide). An answer older than the one kept changes nothing, and
 * an automatic grant never turns a permanent permission they gave into a temporary one.
 */
const reply = z
  .object({
    from: z.string(),
    timestamp: z.union([z.string(), z.number()]).optional(),
    interactive: z
      .object({
        type: z.literal("call_permission_reply"),
        call_permission_reply: z
          .object({
            response: z.enum(["accept", "reject"]),
            is_permanent: z.boolean().optional(),
            expiration_timestamp: z.union([z.string(), z.number()]).optional(),
            response_source: z.string().optional(),
          })
          .loose(),
      })
      .loose(),
  })
  .loose();

/** Meta's `response_source` values; another (or none) is announced as null. */
const SOURCES = ["user_action", "automatic"] as const;

export function isCallPermissionReply(raw: unknown): boolean {
  return reply.safeParse(raw).success;
}

export async function applyCallPermissionReply(channel: Channel, raw: unknown): Promise<string[]> {
  const parsed = reply.safeParse(raw);
  if (!parsed.success) return [];
  const { from, timestamp, interactive } = parsed.data;
  const answer = interactive.call_permission_reply;
  const organizationId = channel.organizationId;
  const phone = `+${from.replace(/^\+/, "")}`;
  const at = Number(timestamp) > 0 ? new Date(Number(timestamp) * 1000) : new Date();
  const expiry = Number(answer.expiration_timestamp);
  const permanent = answer.response === "accept" && answer.is_permanent === true;
  const expiresAt = answer.response === "accept" && !permanent && expiry > 0 ? new Date(expiry * 1000) : null;
  const source = SOURCES.find((s) => s === answer.response_source?.toLowerCase()) ?? null;
  return db().$transaction(async (tx) => {
    const contact = await findContactByPhone(organizationId, phone, tx);
    if (!contact) return [];
    if (contact.callPermissionAt && contact.callPermissionAt > at) return [];
    if (source === "automatic" && contact.callPermission === "accept" && contact.callPermissionPermanent)
      return [];
    const permission = {
      callPermission: answer.response,
      callPermissionPermanent: permanent,
      callPermissionExpiresAt: expiresAt,
      callPermissionAt: at,
    };
    await updateContactReturning(organizationId, contact.id, permission, tx);
    return recordEvent(tx, organizationId, "call.permission_changed", {
      contactId: contact.id,
      channelId: channel.id,
      customerPhone: contact.phone,
      response: answer.response,
      permanent,
      expiresAt: expiresAt?.toISOString() ?? null,
      source,
      timestamp: new Date().toISOString(),
    });
  });
}
