import type { InlineContact } from "@/lib/broadcasts/inline-recipients";
import { inlineRecipient } from "@/lib/broadcasts/schemas";
import { CUSTOM_PREFIX, TAG_SEPARATOR } from "@/lib/contacts/import-format";

const contactSchema = inlineRecipient.shape.contact;

/**
 * The columns of a broadcast's CSV audience that the contact model knows, by header (any case):
 * `name`, `email` (or `e-mail`), `tags` (separated by ";", as in the contacts import) and
 * `custom.<key>` for a custom field, the contacts export's own spelling. Other columns stay
 * per-message values (variables) only. Pure and browser-safe.
 */
export function contactColumns(columns: readonly string[], phoneColumn: string): Map<string, string> {
  const known = new Map<string, string>();
  for (const column of columns) {
    if (column === phoneColumn) continue;
    const key = column.trim().toLowerCase();
    const field =
      key === "name"
        ? "name"
        : key === "email" || key === "e-mail"
          ? "email"
          : key === "tags"
            ? "tags"
            : null;
    if (field && ![...known.values()].includes(field)) known.set(column, field);
    else if (key.startsWith(CUSTOM_PREFIX) && column.trim().length > CUSTOM_PREFIX.length) {
      known.set(column, `custom.${column.trim().slice(CUSTOM_PREFIX.length)}`);
    }
  }
  return known;
}

/**
 * A CSV row as what its contact is created with, if its number is new: the known columns'
 * non-empty values that pass the create-contact rules. A value that does not (an e-mail that is not
 * one) is left out and named in `dropped`, so that one bad cell costs the contact that field only.
 */
export function csvContact(
  row: Record<string, string>,
  known: Map<string, string>,
): { contact: InlineContact | null; dropped: string[] } {
  const draft: Record<string, unknown> = {};
  const custom: Record<string, string> = {};
  for (const [column, field] of known) {
    const value = (row[column] ?? "").trim();
    if (value === "") continue;
    if (field === "tags")
      draft.tags = value.split(TAG_SEPARATOR).flatMap((t) => (t.trim() ? [t.trim()] : []));
    else if (field.startsWith("custom.")) custom[field.slice("custom.".length)] = value;
    else draft[field] = value;
  }
  if (Object.keys(custom).length > 0) draft.custom_fields = custom;
  const dropped: string[] = [];
  for (;;) {
    if (Object.keys(draft).length === 0) return { contact: null, dropped };
    const parsed = contactSchema.safeParse(draft);
    if (parsed.success) return { contact: parsed.data ?? null, dropped };
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")));
    for (const field of bad) {
      delete draft[field];
      dropped.push(field);
    }
    if (bad.size === 0) return { contact: null, dropped };
  }
}
