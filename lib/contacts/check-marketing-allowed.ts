import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findOptedOutContactId } from "@/lib/contacts/repository/contacts";

/**
 * A MARKETING template may not go to a contact who stopped marketing messages (Meta's
 * user_preferences, a stop word): 400 WHATSAPP_RECIPIENT_OPTED_OUT before anything is stored
 * or sent. A number we do not know has not opted out.
 */
export async function checkMarketingAllowed(
  organizationId: string,
  to: { phone: string | null; bsuid: string | null },
): Promise<void> {
  const contactId = await findOptedOutContactId(organizationId, to);
  if (contactId) {
    throw new ApiError(
      "WHATSAPP_RECIPIENT_OPTED_OUT",
      "This customer stopped marketing messages; MARKETING templates are not sent to them.",
      {
        field: to.phone ? "to" : "recipient",
        contactId,
        hint: "send a UTILITY template, or wait until the customer resumes marketing messages",
      },
    );
  }
}
