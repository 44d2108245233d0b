import "#server-only";
import { createImportedContacts } from "@/lib/contacts/import-create-contacts";
import {
  type ExistingMode,
  type ImportBatchBody,
  type ImportResult,
  type ImportRowResult,
  PROTECTED_COLUMNS,
  rowToBody,
  USER_ID_COLUMN,
} from "@/lib/contacts/import-format";
import type { ReportRow, ValidRow } from "@/lib/contacts/import-row-changes";
import { updateImportedContacts } from "@/lib/contacts/import-update-contacts";
import { phoneForSave } from "@/lib/contacts/phone-input";
import { findContactsByIdentifiers } from "@/lib/contacts/repository/import";
import { createContactBody, updateContactBody } from "@/lib/contacts/schemas";
import { restoreCell } from "@/lib/csv/cells";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { getOrgSettings } from "@/lib/organizations/get-org-settings";

const NOT_STORED_USER_ID = "user_id not stored: user ids come from WhatsApp";

function validate(rows: ImportBatchBody["rows"], country: string, report: ReportRow): ValidRow[] {
  const valid: ValidRow[] = [];
  const seen = new Set<string>();
  for (const { row, values } of rows) {
    const phone = restoreCell(values.phone ?? "").trim();
    const userId = restoreCell(values[USER_ID_COLUMN] ?? "").trim() || null;
    // a row may name an existing contact by its user id alone; a new contact needs a number
    const schema = userId ? updateContactBody : createContactBody;
    const input = rowToBody({ ...values, phone: phoneForSave(phone, country) });
    const parsed = schema.safeParse(phone === "" ? { ...input, phone: undefined } : input);
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`).join("; ");
      report({ row, phone, outcome: "failed", message });
      continue;
    }
    const body = parsed.data;
    const keys = [body.phone, userId && `user_id:${userId}`].filter((k): k is string => Boolean(k));
    if (keys.some((k) => seen.has(k))) {
      report({
        row,
        phone: body.phone ?? phone,
        outcome: "skipped",
        message: "the same contact appears earlier in the file",
      });
      continue;
    }
    for (const k of keys) seen.add(k);
    const ignored = PROTECTED_COLUMNS.filter((c) => (values[c] ?? "").trim() !== "");
    const notes =
      ignored.length > 0
        ? [
            `${ignored.join(", ")} not imported: consent and blocks change only by the customer or on the contact's page`,
          ]
        : [];
    valid.push({ row, body: { ...body, tags: body.tags ?? [] }, userId, notes });
  }
  return valid;
}

type Match =
  | { kind: "new" }
  | { kind: "existing"; contactId: string; by: "number" | "user id" }
  | { kind: "failed"; message: string };

/** Finds the contact of each row by its number, else by its user id; this organization's only. */
async function match(organizationId: string, valid: ValidRow[]): Promise<Match[]> {
  const phones = valid.flatMap((v) => (v.body.phone ? [v.body.phone] : []));
  const userIds = valid.flatMap((v) => (v.userId ? [v.userId] : []));
  const found = await findContactsByIdentifiers(organizationId, phones, userIds);
  const byPhone = new Map(found.flatMap((c) => (c.phone ? [[c.phone, c]] : [])));
  const byUserId = new Map(found.flatMap((c) => (c.bsuid ? [[c.bsuid, c]] : [])));
  const claimed = new Set<string>();
  return valid.map((v): Match => {
    const p = v.body.phone ? byPhone.get(v.body.phone) : undefined;
    const u = v.userId ? byUserId.get(v.userId) : undefined;
    if (p && u && p.id !== u.id) {
      return { kind: "failed", message: "the number and the user id belong to two different contacts" };
    }
    if (p && v.userId && p.bsuid && p.bsuid !== v.userId) {
      return { kind: "failed", message: "the contact with this number has another user id" };
    }
    if (!p && u && v.body.phone && u.phone) {
      return { kind: "failed", message: "the contact with this user id has another number" };
    }
    const contact = p ?? u;
    if (!contact) {
      if (!v.body.phone)
        return { kind: "failed", message: "no contact has this user id; a new contact needs a phone number" };
      if (v.userId) v.notes.push(NOT_STORED_USER_ID);
      return { kind: "new" };
    }
    if (claimed.has(contact.id))
      return { kind: "failed", message: "another row of the file names the same contact" };
    claimed.add(contact.id);
    if (v.userId && !contact.bsuid) v.notes.push(NOT_STORED_USER_ID);
    return { kind: "existing", contactId: contact.id, by: p ? "number" : "user id" };
  });
}

/**
 * Imports one batch of CSV rows with the create-contact rules, phones written in national or
 * formatted form read against the organization's default country. New numbers become contacts
 * (`contact.created`); a row naming a contact the organization already has (by number, or by
 * `user_id`) is skipped, or updated as `existing` says (import-row-changes.ts), kept in the
 * contact's history and announced with `contact.updated`. Every row gets its line in the report.
 */
export async function importContacts(
  organizationId: string,
  userId: string,
  existing: ExistingMode,
  rows: ImportBatchBody["rows"],
): Promise<ImportResult> {
  const results: ImportRowResult[] = [];
  const report: ReportRow = (r) => results.push({ contactId: null, fields: [], ...r });
  const { default_country: country } = await getOrgSettings(organizationId);
  const valid = validate(rows, country, report);
  const matches = await match(organizationId, valid);
  const fresh: ValidRow[] = [];
  const found: { row: ValidRow; contactId: string }[] = [];
  valid.forEach((v, i) => {
    const m = matches[i] ?? { kind: "failed", message: "not matched" };
    const phone = v.body.phone ?? v.userId ?? "";
    if (m.kind === "failed") report({ row: v.row, phone, outcome: "failed", message: m.message });
    else if (m.kind === "new") fresh.push(v);
    else if (existing === "skip") {
      report({
        row: v.row,
        phone,
        outcome: "skipped",
        contactId: m.contactId,
        message: `a contact with this ${m.by} exists`,
      });
    } else found.push({ row: v, contactId: m.contactId });
  });
  const created = await createImportedContacts(organizationId, fresh, report);
  const updated =
    existing === "skip" ? [] : await updateImportedContacts(organizationId, userId, existing, found, report);
  await enqueueDeliveries([...created, ...updated]);
  results.sort((a, b) => a.row - b.row);
  const count = (o: ImportRowResult["outcome"]) => results.filter((r) => r.outcome === o).length;
  return {
    created: count("created"),
    updated: count("updated"),
    skipped: count("skipped"),
    failed: count("failed"),
    rows: results,
  };
}
