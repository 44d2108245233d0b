import { normalizePhone } from "@/lib/contacts/phone";

import type { CreateContactBody } from "@/lib/contacts/schemas";

export type InlineKind = "ok" | "invalid_phone" | "duplicate";

/** What a new contact is created with besides its number (none of it changes an existing contact). */
export type InlineContact = Omit<Partial<CreateContactBody>, "phone">;

/** One inline recipient as the audience statement takes it (one array per column). */
export type InlineRow = {
  /** position in the request: the send order */
  ord: number;
  kind: InlineKind;
  /** E.164 when valid; the input as given when not */
  phone: string;
  /** the `{{variables.KEY}}` values, as strings */
  vars: Record<string, string> | null;
  contact: InlineContact | null;
};

type Given = {
  to: string;
  variables?: Record<string, string | number | boolean> | undefined;
  contact?: InlineContact | undefined;
};

/**
 * Inline recipients checked one by one, in order: an invalid number is kept as `invalid_phone`
 * and a number already listed (after normalization: `+14155550123` and `14155550123` are one)
 * as `duplicate`, so that each is skipped with its reason instead of failing the request.
 */
export function resolveInlineRecipients(given: readonly Given[]): InlineRow[] {
  const seen = new Set<string>();
  return given.map((recipient, ord) => {
    const normalized = normalizePhone(recipient.to.trim());
    if (!normalized.ok) {
      return { ord, kind: "invalid_phone", phone: recipient.to.slice(0, 64), vars: null, contact: null };
    }
    const vars = recipient.variables
      ? Object.fromEntries(Object.entries(recipient.variables).map(([k, v]) => [k, String(v)]))
      : null;
    if (seen.has(normalized.e164)) {
      return { ord, kind: "duplicate", phone: normalized.e164, vars: null, contact: null };
    }
    seen.add(normalized.e164);
    return { ord, kind: "ok", phone: normalized.e164, vars, contact: recipient.contact ?? null };
  });
}
