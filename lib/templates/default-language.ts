/**
 * Which approved language of a template a staff member is offered first.
 *
 * The customer's language: a WhatsApp message does not say which language its writer reads, and
 * a contact stores none, so the best evidence we hold is the language of the last template the
 * customer was sent (Message.templateLanguage): a business that wrote to them in Spanish once
 * writes in Spanish again. The same language's other variant counts too ("es" for "es_MX").
 *
 * The organization's language: there is no organization setting for it, so it is the language
 * /v1 sends when none is given (lib/messages/send-template.ts): an approved English one, else
 * the first in code order. The dashboard and the API then agree on what "default" means; an
 * organization that writes in another language gets it offered as soon as one customer received
 * it. (Decided here; no page of Meta's says which to prefer.)
 */
export function defaultLanguage(
  approved: readonly string[],
  customerLanguage: string | null,
): string | undefined {
  const sorted = [...approved].sort();
  if (customerLanguage) {
    const exact = sorted.find((code) => code === customerLanguage);
    if (exact) return exact;
    const base = baseOf(customerLanguage);
    const sameBase = sorted.find((code) => baseOf(code) === base);
    if (sameBase) return sameBase;
  }
  return sorted.find((code) => code.startsWith("en")) ?? sorted[0];
}

/** The approved languages with the default first, then in code order (a stable list to pick from). */
export function orderLanguages(approved: readonly string[], customerLanguage: string | null): string[] {
  const first = defaultLanguage(approved, customerLanguage);
  return [...approved].sort((a, b) => (a === first ? -1 : b === first ? 1 : a.localeCompare(b)));
}

function baseOf(code: string): string {
  return code.split(/[_-]/)[0]?.toLowerCase() ?? code;
}
