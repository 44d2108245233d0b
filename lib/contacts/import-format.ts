import { z } from "zod";
import { restoreCell } from "@/lib/csv/cells";

/**
 * The contacts CSV format, shared by the browser (import dialog) and the server (import and
 * export): a header row with phone, name, email, tags (separated by ";"), then one column per
 * custom field. A custom field named like a core column is written `custom.<name>`.
 */
export const CORE_COLUMNS = ["phone", "name", "email", "tags"] as const;
export const CUSTOM_PREFIX = "custom.";
export const TAG_SEPARATOR = ";";

/** Rows a browser sends per request; the import dialog's progress bar moves between batches. */
export const IMPORT_BATCH_SIZE = 500;

export type ImportIssue = { row: number; phone: string; kind: "invalid" | "duplicate"; message: string };
export type ImportResult = { created: number; issues: ImportIssue[] };

/** One batch of parsed rows, as the browser sends it. */
export const importBatchBody = z.object({
  rows: z
    .array(z.object({ row: z.number().int().min(1), values: z.record(z.string(), z.string().max(10_000)) }))
    .min(1)
    .max(IMPORT_BATCH_SIZE),
});
export type ImportBatchBody = z.infer<typeof importBatchBody>;

/**
 * One CSV row → the create-contact body: tags split on TAG_SEPARATOR, other non-empty columns as
 * custom fields. The marks our export puts before formula characters (lib/csv/cells.ts)
 * are taken off first, so an export re-imports unchanged.
 */
export function rowToBody(row: Record<string, string>): Record<string, unknown> {
  const values = Object.fromEntries(Object.entries(row).map(([k, v]) => [restoreCell(k), restoreCell(v)]));
  const custom: Record<string, string> = {};
  for (const [column, value] of Object.entries(values)) {
    const key = column.trim();
    if (!key || value === "" || (CORE_COLUMNS as readonly string[]).includes(key)) continue;
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
