import { ApiError } from "@/lib/api/errors";

/**
 * A send to a contact the organization blocked (Meta's block_users) is refused before any
 * upstream call: Meta would refuse it too, and a blocked customer must hear nothing from us.
 */
export function recipientBlocked(contactId: string): ApiError {
  return new ApiError(
    "WHATSAPP_RECIPIENT_BLOCKED",
    "This contact is blocked; nothing was sent. Unblock them in the dashboard or with POST /v1/contacts/{id}/unblock.",
    { contactId },
  );
}
