import type { ExistingMode, ImportRowResult } from "@/lib/contacts/import-format";
import { CONTACT_LIMITS, type CreateContactBody } from "@/lib/contacts/schemas";

/** What the import reads of a stored contact. Consent and restriction columns are not even read. */
export type StoredContact = {
  phone: string | null;
  name: string | null;
  email: string | null;
  customFields: Record<string, unknown>;
  tags: string[];
};

/** A row as the create rules parsed it; the phone is absent when the row gave only a user id. */
export type ImportRowBody = Omit<CreateContactBody, "phone"> & { phone?: string | undefined };

/** A row that passed the create rules, with notes the report gives it whatever happens to it. */
export type ValidRow = { row: number; body: ImportRowBody; userId: string | null; notes: string[] };

/** Adds a row's line to the import report. */
export type ReportRow = (r: Omit<ImportRowResult, "contactId" | "fields"> & Partial<ImportRowResult>) => void;

export type ImportUpdate = {
  /** the columns to write: only name, email, phone and custom fields can ever be here */
  data: { name?: string; email?: string; phone?: string; customFields?: Record<string, unknown> };
  addTags: string[];
  /** for the report: name, email, phone, tags, custom_fields.<key> */
  fields: string[];
  /** for contact.updated's `changes` (the contract's names) */
  changes: string[];
  /** one contact_changes row each */
  history: { field: string; value: string }[];
};

const empty = (v: unknown) => v === null || v === undefined || v === "";

/**
 * What an import row changes on the contact it matched, for the chosen mode (import-format.ts,
 * EXISTING_MODES). Only a non-empty cell changes anything: nothing is ever cleared. Tags are
 * only added. A phone is written only onto a contact that has none (matched by its user id),
 * never replaced. Answers a message instead when the result would break a contact limit. Pure.
 */
export function importRowChanges(
  mode: Exclude<ExistingMode, "skip">,
  stored: StoredContact,
  row: ImportRowBody,
): ImportUpdate | { error: string } {
  const out: ImportUpdate = { data: {}, addTags: [], fields: [], changes: [], history: [] };
  const takes = (before: unknown, value: unknown) =>
    mode !== "add_tags" &&
    !empty(value) &&
    (mode === "overwrite" ? String(before ?? "") !== String(value) : empty(before));

  for (const field of ["name", "email"] as const) {
    const value = row[field];
    if (typeof value === "string" && takes(stored[field], value)) {
      out.data[field] = value;
      out.fields.push(field);
      out.changes.push(field);
      out.history.push({ field, value });
    }
  }
  if (row.phone && stored.phone === null && mode !== "add_tags") {
    out.data.phone = row.phone;
    out.fields.push("phone");
    out.changes.push("phone");
    out.history.push({ field: "phone", value: row.phone });
  }

  const custom = { ...stored.customFields };
  for (const [key, value] of Object.entries(row.custom_fields ?? {})) {
    if (!takes(stored.customFields[key], value)) continue;
    custom[key] = value;
    out.fields.push(`custom_fields.${key}`);
    out.history.push({ field: `custom_fields.${key}`, value: String(value) });
  }
  if (out.fields.some((f) => f.startsWith("custom_fields."))) {
    if (Object.keys(custom).length > CONTACT_LIMITS.customFields) {
      return { error: `custom_fields: at most ${CONTACT_LIMITS.customFields} custom fields a contact` };
    }
    out.data.customFields = custom;
    out.changes.push("custom_fields");
  }

  const have = new Set(stored.tags);
  out.addTags = (row.tags ?? []).filter((t) => !have.has(t));
  if (out.addTags.length > 0) {
    const tags = [...stored.tags, ...out.addTags].sort();
    if (tags.length > CONTACT_LIMITS.tags) {
      return { error: `tags: at most ${CONTACT_LIMITS.tags} tags a contact` };
    }
    out.fields.push("tags");
    out.changes.push("tags");
    out.history.push({ field: "tags", value: tags.join(";") });
  }
  return out;
}
