import type { InboundSender } from "@/lib/contacts/find-or-create-inbound-contact";
import type { ChangeValue, InboundMessage } from "@/lib/inbound/notification-schema";

/**
 * Who wrote: the number (`from`, else the contact's `wa_id`), the business-scoped user id
 * (`from_user_id`, else the contact's `user_id`), the parent user id, the profile name and the
 * username (Meta puts it in `contacts[].profile.username`; a top-level `username` is read too).
 */
export function inboundSender(
  message: InboundMessage,
  value: ChangeValue,
): { sender: InboundSender; digits: string | null } {
  const profile =
    value.contacts?.find(
      (c) =>
        (message.from && c.wa_id === message.from) ||
        (message.from_user_id && c.user_id === message.from_user_id),
    ) ??
    value.contacts?.find((c) => c.user_id) ??
    value.contacts?.[0];
  const digits = message.from ?? profile?.wa_id ?? null;
  return {
    digits,
    sender: {
      phone: digits ? `+${digits.replace(/^\+/, "")}` : null,
      bsuid: message.from_user_id ?? profile?.user_id ?? null,
      parentBsuid: message.from_parent_user_id ?? profile?.parent_user_id ?? null,
      username: profile?.profile?.username ?? profile?.username ?? null,
      profileName: profile?.profile?.name ?? null,
    },
  };
}
