import { z } from "zod";
import type { Contact } from "@/lib/generated/prisma/client.ts";

/** The contact's permission to be called (additive field of Contact). */
export const callPermissionJson = z
  .object({
    status: z.enum(["granted", "denied", "expired"]),
    permanent: z.boolean(),
    expires_at: z.iso.datetime().nullable(),
    answered_at: z.iso.datetime().nullable(),
  })
  .nullable()
  .meta({
    id: "CallPermission",
    description:
      "The customer's answer to a call permission request (WhatsApp's call_permission_reply); null when never answered",
  });

type Permission = Pick<
  Contact,
  "callPermission" | "callPermissionExpiresAt" | "callPermissionPermanent" | "callPermissionAt"
>;

/**
 * The contact's call permission as the API shows it. Meta: a temporary permission lasts 7 days
 * from the customer's approval, a permanent one until they revoke it
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-call-permissions).
 */
export function toCallPermissionJson(
  contact: Permission,
  now = new Date(),
): z.infer<typeof callPermissionJson> {
  if (contact.callPermission !== "accept" && contact.callPermission !== "reject") return null;
  const expired =
    contact.callPermission === "accept" &&
    !contact.callPermissionPermanent &&
    contact.callPermissionExpiresAt !== null &&
    contact.callPermissionExpiresAt <= now;
  return {
    status: contact.callPermission === "reject" ? "denied" : expired ? "expired" : "granted",
    permanent: contact.callPermissionPermanent,
    expires_at: contact.callPermissionExpiresAt?.toISOString() ?? null,
    answered_at: contact.callPermissionAt?.toISOString() ?? null,
  };
}

export function mayCall(contact: Permission, now = new Date()): boolean {
  return toCallPermissionJson(contact, now)?.status === "granted";
}
