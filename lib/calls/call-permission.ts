import type { z } from "zod";
import type { callPermissionJson } from "@/lib/calls/schemas";
import type { Contact } from "@/lib/generated/prisma/client.ts";

type Permission = Pick<
  Contact,
  "callPermission" | "callPermissionExpiresAt" | "callPermissionPermanent" | "callPermissionAt"
>;

/**
 * The contact's call permission as the API shows it. Meta: a temporary permission lasts 7 days
 * from the customer's approval, a permanent one until they revoke it
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-call-permissions).
 */
export function toCallPermissionJson(contact: Permission, now = new Date()): z.infer<typeof callPermissionJson> {
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
