import "#server-only";
import type { ExistingMode } from "@/lib/contacts/import-format";
import {
  type ImportUpdate,
  importRowChanges,
  type ReportRow,
  type ValidRow,
} from "@/lib/contacts/import-row-changes";
import { recordContactUpdated } from "@/lib/contacts/record-contact-updated";
import { addContactTags, updateContactRow } from "@/lib/contacts/repository/contacts";
import { insertImportChanges, lockContactsForImport } from "@/lib/contacts/repository/import";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/** Where a contact_changes row came from: a staff member's CSV import. */
export const IMPORT_SOURCE = "import";

/**
 * The rows that matched an existing contact, applied as `mode` says, in one transaction for the
 * batch: the contacts are locked first so that an edit made meanwhile is neither lost nor
 * overwritten with a stale view. Only name, e-mail, phone (where there was none), custom fields
 * and added tags are ever written: a marketing opt-out or a block cannot be touched by an import.
 * Each change gets a contact_changes row (source "import", the staff member) and each changed
 * contact a `contact.updated` with its `changes`. Returns the deliveries to enqueue.
 */
export async function updateImportedContacts(
  organizationId: string,
  userId: string,
  mode: Exclude<ExistingMode, "skip">,
  found: { row: ValidRow; contactId: string }[],
  report: ReportRow,
): Promise<string[]> {
  if (found.length === 0) return [];
  return db().$transaction(
    async (tx) => {
      const ids = found.map((f) => f.contactId);
      const stored = await lockContactsForImport(organizationId, ids, tx);
      const byId = new Map(stored.map((c) => [c.id, c]));
      const applied: { contactId: string; update: ImportUpdate }[] = [];
      for (const { row, contactId } of found) {
        const phone = row.body.phone ?? row.userId ?? "";
        const contact = byId.get(contactId);
        if (!contact) {
          report({
            row: row.row,
            phone,
            outcome: "failed",
            message: "the contact was deleted while importing",
          });
          continue;
        }
        const update = importRowChanges(
          mode,
          {
            ...contact,
            customFields: customFieldsOf(contact.customFields),
            tags: contact.tags.map((t) => t.tag.name),
          },
          row.body,
        );
        const base = { row: row.row, phone: contact.phone ?? phone, contactId };
        if ("error" in update) {
          report({ ...base, outcome: "failed", message: update.error });
        } else if (update.fields.length === 0) {
          report({ ...base, outcome: "skipped", message: ["nothing to change", ...row.notes].join("; ") });
        } else {
          report({ ...base, outcome: "updated", fields: update.fields, message: row.notes.join("; ") });
          applied.push({ contactId, update });
        }
      }
      const now = new Date();
      for (const { contactId, update } of applied) {
        const { customFields, ...columns } = update.data;
        await updateContactRow(
          organizationId,
          contactId,
          {
            ...columns,
            ...(customFields ? { customFields: customFields as Prisma.InputJsonValue } : {}),
            // bumps updatedAt when only tags were added
            updatedAt: now,
          },
          tx,
        );
      }
      await addContactTags(
        organizationId,
        applied.map((a) => ({ contactId: a.contactId, tags: a.update.addTags })),
        tx,
      );
      await insertImportChanges(
        organizationId,
        applied.flatMap(({ contactId, update }) =>
          update.history.map((h) => ({
            contactId,
            userId,
            field: h.field,
            value: h.value,
            source: IMPORT_SOURCE,
            createdAt: now,
          })),
        ),
        tx,
      );
      const deliveryIds: string[] = [];
      for (const { contactId, update } of applied) {
        deliveryIds.push(...(await recordContactUpdated(tx, organizationId, contactId, update.changes)));
      }
      return deliveryIds;
    },
    { timeout: 60_000 },
  );
}

function customFieldsOf(value: Prisma.JsonValue): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}
