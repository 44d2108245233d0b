import { setMarketingPreference } from "@/lib/contacts/set-marketing-preference";
import type { Tx } from "@/lib/events/record-event";
import { normalizeStopWord, STOP_WORD_MAX } from "@/lib/organizations/stop-words";

/**
 * An inbound text that is exactly one of the organization's stop words (trimmed, any case)
 * opts its contact out of marketing messages. Nothing is sent back: the customer's message
 * stays an ordinary inbound message for the staff to see. Answers the deliveries to enqueue.
 */
export async function applyStopWord(
  tx: Tx,
  organizationId: string,
  contactId: string,
  text: string,
  at: Date,
): Promise<string[]> {
  const word = stopWordCandidate(text);
  if (word === null) return [];
  const org = await tx.organization.findUnique({
    where: { id: organizationId },
    select: { marketingStopWords: true },
  });
  if (!org?.marketingStopWords.includes(word)) return [];
  return setMarketingPreference(tx, organizationId, contactId, true, at, "stop_word");
}

/** The text as a stop word compares (trimmed, upper-case), or null when it cannot be one. */
export function stopWordCandidate(text: string): string | null {
  const word = normalizeStopWord(text);
  return word.length === 0 || word.length > STOP_WORD_MAX ? null : word;
}
