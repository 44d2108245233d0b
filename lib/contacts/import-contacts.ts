import "#server-only";
import {
  type ImportBatchBody,
  type ImportIssue,
  type ImportResult,
  rowToBody,
} from "@/lib/contacts/import-format";
import { phoneForSave } from "@/lib/contacts/phone-input";
import { type CreateContactBody, createContactBody } from "@/lib/contacts/schemas";
import { restoreCell } from "@/lib/csv/cells";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent, type Tx } from "@/lib/events/record-event";
import { getOrgSettings } from "@/lib/organizations/get-org-settings";

type Valid = { row: number; body: CreateContactBody };

function validate(rows: ImportBatchBody["rows"], country: string, issues: ImportIssue[]): Valid[] {
  const valid: Valid[] = [];
  const seen = new Set<string>();
  for (const { row, values } of rows) {
    const phone = restoreCell(values.phone ?? "");
    // national and formatted numbers read against the organization's country, as in the contact form
    const parsed = createContactBody.safeParse(rowToBody({ ...values, phone: phoneForSave(phone, country) }));
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`).join("; ");
      issues.push({ row, phone, kind: "invalid", message });
    } else if (seen.has(parsed.data.phone)) {
      issues.push({ row, phone, kind: "duplicate", message: "the same number appears earlier in the file" });
    } else {
      seen.add(parsed.data.phone);
      valid.push({ row, body: parsed.data });
    }
  }
  return valid;
}

/**
 * Imports one batch of CSV rows with the create-contact rules, phones written in national or
 * formatted form read against the organization's default country. Invalid rows and numbers the
 * organization already has are reported per row and skipped; the others are created with their
 * tags and a `contact.created` event each, in one transaction for the batch.
 */
export async function importContacts(
  organizationId: string,
  rows: ImportBatchBody["rows"],
): Promise<ImportResult> {
  const issues: ImportIssue[] = [];
  const { default_country: country } = await getOrgSettings(organizationId);
  const valid = validate(rows, country, issues);
  const existing = await db().contact.findMany({
    where: { organizationId, phone: { in: valid.map((v) => v.body.phone) } },
    select: { phone: true },
  });
  const taken = new Set(existing.map((c) => c.phone));
  const fresh = valid.filter((v) => !taken.has(v.body.phone));
  for (const v of valid) {
    if (taken.has(v.body.phone)) {
      issues.push({
        row: v.row,
        phone: v.body.phone,
        kind: "duplicate",
        message: "a contact with this number exists",
      });
    }
  }
  const { created, deliveryIds } = await insertContacts(organizationId, fresh, issues);
  await enqueueDeliveries(deliveryIds);
  issues.sort((a, b) => a.row - b.row);
  return { created, issues };
}

async function insertContacts(organizationId: string, fresh: Valid[], issues: ImportIssue[]) {
  if (fresh.length === 0) return { created: 0, deliveryIds: [] };
  return db().$transaction(
    async (tx) => {
      const rows = await tx.contact.createManyAndReturn({
        data: fresh.map(({ body }) => ({
          organizationId,
          phone: body.phone,
          name: body.name ?? null,
          email: body.email ?? null,
          customFields: body.custom_fields ?? {},
        })),
        skipDuplicates: true,
      });
      const byPhone = new Map(rows.map((r) => [r.phone, r]));
      // a number created by someone else since the check above: skipped by the database
      for (const v of fresh) {
        if (!byPhone.has(v.body.phone)) {
          issues.push({
            row: v.row,
            phone: v.body.phone,
            kind: "duplicate",
            message: "a contact with this number exists",
          });
        }
      }
      await linkTags(
        tx,
        organizationId,
        fresh.flatMap((v) => {
          const contact = byPhone.get(v.body.phone);
          return contact ? [{ contactId: contact.id, tags: v.body.tags ?? [] }] : [];
        }),
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
      return { created: rows.length, deliveryIds };
    },
    { timeout: 60_000 },
  );
}

async function linkTags(tx: Tx, organizationId: string, links: { contactId: string; tags: string[] }[]) {
  const names = [...new Set(links.flatMap((l) => l.tags))];
  if (names.length === 0) return;
  await tx.tag.createMany({ data: names.map((name) => ({ organizationId, name })), skipDuplicates: true });
  const tags = await tx.tag.findMany({
    where: { organizationId, name: { in: names } },
    select: { id: true, name: true },
  });
  const idOf = new Map(tags.map((t) => [t.name, t.id]));
  const data = links.flatMap((l) =>
    l.tags.flatMap((name) => {
      const tagId = idOf.get(name);
      return tagId ? [{ contactId: l.contactId, tagId }] : [];
    }),
  );
  await tx.contactTag.createMany({ data, skipDuplicates: true });
}
