/** What each skip reason means, in the dashboard's words. */
export const SKIP_WORDS: Record<string, string> = {
  missing_variable: "a variable has no value and no fallback",
  invalid_phone: "the phone number is not valid",
  opted_out: "stopped marketing messages",
  duplicate: "listed twice",
  cancelled: "the broadcast was cancelled first",
  contact_deleted: "the contact was deleted",
  blocked: "the contact is blocked",
};

export function skipWords(reason: string | null): string {
  return reason ? (SKIP_WORDS[reason] ?? reason) : "";
}
