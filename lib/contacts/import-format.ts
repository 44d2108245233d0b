import { z } from "zod";
import { PROTECTIVE_RULES } from "@/lib/contacts/merge-rules";
import { restoreCell } from "@/lib/csv/cells";

/**
 * The contacts CSV format, shared by the browser (import dialog) and the server (import and
 * export): a header row with phone, name, email, tags (separated by ";"), then one column per
 * custom field. A custom field named like a core column is written `custom.<name>`.
 */
export const CORE_COLUMNS = ["phone", "name", "email", "tags"] as const;
/**
 * Columns the import reads but never stores as custom fields: `user_id` finds an existing contact
 * by its business-scoped user id (user ids come from WhatsApp and are never written by an import),
 * and the consent and restriction columns (merge-rules.ts) are ignored, so that a file can never
 * clear a marketing opt-out or a block. The export writes custom fields with these names
 * `custom.<name>`, as it does the core columns.
 */
export const USER_ID_COLUMN = "user_id";
export const PROTECTED_COLUMNS: readonly string[] = Object.values(PROTECTIVE_RULES).flatMap((r) =>
  r.change ? [r.change] : [],
);
export const RESERVED_COLUMNS: readonly string[] = [...CORE_COLUMNS, USER_ID_COLUMN, ...PROTECTED_COLUMNS];
export const CUSTOM_PREFIX = "custom.";
export const TAG_SEPARATOR = ";";

/** Rows a browser sends per request; the import dialog's progress bar moves between batches. */
export const IMPORT_BATCH_SIZE = 500;

/**
 * What the import does with a row whose number (or user id) the organization already has:
 * skip it (the default), only add the row's tags, fill the contact's empty fields (and add the
 * tags), or overwrite with the row's non-empty values (and add the tags). An empty cell never
 * clears a stored value.
 */
export const EXISTING_MODES = ["skip", "add_tags", "fill_empty", "overwrite"] as const;
export type ExistingMode = (typeof EXISTING_MODES)[number];

export const IMPORT_OUTCOMES = ["created", "updated", "skipped", "failed"] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/**
 * One row of the import report: `fields` names what an update changed (`name`, `email`, `phone`,
 * `tags`, `custom_fields.<key>`); `message` says why a row was skipped or failed, or what of it
 * was not imported.
 */
export type ImportRowResult = {
  row: number;
  phone: string;
  outcome: ImportOutcome;
  contactId: string | null;
  fields: string[];
  message: string;
};
export type ImportResult = Record<ImportOutcome, number> & { rows: ImportRowResult[] };

/** One batch of parsed rows, as the browser sends it. */
export const importBatchBody = z.object({
  existing: z.enum(EXISTING_MODES).default("skip"),
  rows: z
    .array(z.object({ row: z.number().int().min(1), values: z.record(z.string(), z.string().max(10_000)) }))
    .min(1)
    .max(IMPORT_BATCH_SIZE),
});
export type ImportBatchBody = z.infer<typeof importBatchBody>;

/**
 * One CSV row → the create-contact body: tags split on TAG_SEPARATOR, other non-empty columns
 * (RESERVED_COLUMNS aside) as custom fields. The marks our export puts before formula characters (lib/csv/cells.ts)
 * are taken off first, so an export re-imports unchanged.
 */
export function rowToBody(row: Record<string, string>): Record<string, unknown> {
  const values = Object.fromEntries(Object.entries(row).map(([k, v]) => [restoreCell(k), restoreCell(v)]));
  const custom: Record<string, string> = {};
  for (const [column, value] of Object.entries(values)) {
    const key = column.trim();
    if (!key || value === "" || RESERVED_COLUMNS.includes(key)) continue;
    custom[key.startsWith(CUSTOM_PREFIX) ? key.slice(CUSTOM_PREFIX.length) : key] = value;
  }
  return {
    phone: values.phone ?? "",
    name: values.name,
    email: values.email,
    tags: (values.tags ?? "").split(TAG_SEPARATOR).flatMap((t) => (t.trim() ? [t.trim()] : [])),
    custom_fields: custom,
  };
}
