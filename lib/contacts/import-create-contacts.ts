import "#server-only";
import type { ReportRow, ValidRow } from "@/lib/contacts/import-row-changes";
import { addContactTags } from "@/lib/contacts/repository/contacts";
import { insertImportedContacts } from "@/lib/contacts/repository/import";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";

/**
 * The rows whose number the organization does not have yet become contacts with their tags and
 * a `contact.created` each, in one transaction for the batch. Returns the deliveries to enqueue.
 */
export async function createImportedContacts(
  organizationId: string,
  fresh: ValidRow[],
  report: ReportRow,
): Promise<string[]> {
  if (fresh.length === 0) return [];
  return db().$transaction(
    async (tx) => {
      const rows = await insertImportedContacts(
        organizationId,
        fresh.flatMap(({ body }) =>
          body.phone
            ? [
                {
                  phone: body.phone,
                  name: body.name ?? null,
                  email: body.email ?? null,
                  customFields: body.custom_fields ?? {},
                },
              ]
            : [],
        ),
        tx,
      );
      const byPhone = new Map(rows.map((r) => [r.phone, r]));
      for (const v of fresh) {
        const contact = byPhone.get(v.body.phone ?? "");
        const phone = v.body.phone ?? "";
        if (contact) {
          report({
            row: v.row,
            phone,
            outcome: "created",
            contactId: contact.id,
            message: v.notes.join("; "),
          });
        } else {
          // created by someone else since the rows were matched: the database kept theirs
          report({
            row: v.row,
            phone,
            outcome: "skipped",
            contactId: null,
            message: "a contact with this number was created while importing; import the row again",
          });
        }
      }
      await addContactTags(
        organizationId,
        fresh.flatMap((v) => {
          const contact = byPhone.get(v.body.phone ?? "");
          return contact ? [{ contactId: contact.id, tags: v.body.tags ?? [] }] : [];
        }),
        tx,
      );
      const deliveryIds: string[] = [];
      for (const r of rows) {
        deliveryIds.push(
          ...(await recordEvent(tx, organizationId, "contact.created", {
            contactId: r.id,
            phone: r.phone,
            name: r.name,
            email: r.email,
            channelId: null,
            timestamp: r.createdAt.toISOString(),
          })),
        );
      }
      return deliveryIds;
    },
    { timeout: 60_000 },
  );
}
