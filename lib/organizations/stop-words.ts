/** The longest stop word an organization may set; longer texts are never one. */
export const STOP_WORD_MAX = 32;

/** How a text compares with the organization's stop words (stored upper-case). */
export function normalizeStopWord(text: string): string {
  return text.trim().toUpperCase();
}
