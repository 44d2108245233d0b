import { recordContactUpdated } from "@/lib/contacts/record-contact-updated";
import { insertContactChange, writeMarketingPreference } from "@/lib/contacts/repository/contacts";
import type { Tx } from "@/lib/events/record-event";

/** How a customer's marketing preference reached us: one of the stop words, or WhatsApp's own setting. */
export type MarketingPreferenceSource = "stop_word" | "whatsapp";

/**
 * Sets or clears a contact's marketing opt-out as of `at` (Meta's user_preferences, a stop
 * word). A preference older than the one stored changes nothing (notifications arrive late and
 * twice), nor does one equal to it; a change writes contact.updated (`changes:
 * ["marketing_opt_out"]`) and a row of the contact's history (who: the customer, how: `source`)
 * in the caller's transaction. Answers the deliveries to enqueue.
 */
export async function setMarketingPreference(
  tx: Tx,
  organizationId: string,
  contactId: string,
  optOut: boolean,
  at: Date,
  source: MarketingPreferenceSource,
): Promise<string[]> {
  // the same preference again only remembers when it was last said
  if (!(await writeMarketingPreference(organizationId, contactId, { optOut, at, source }, tx))) return [];
  await insertContactChange(
    organizationId,
    { contactId, field: "marketing_opt_out", value: String(optOut), source, createdAt: at },
    tx,
  );
  return recordContactUpdated(tx, organizationId, contactId, ["marketing_opt_out"]);
}
