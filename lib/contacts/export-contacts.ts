import "#server-only";
import { CORE_COLUMNS, CUSTOM_PREFIX, RESERVED_COLUMNS, TAG_SEPARATOR } from "@/lib/contacts/import-format";
import { csvLines } from "@/lib/csv/write-csv";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

const BATCH = 1_000;
const MAX_CUSTOM_COLUMNS = 1_000;

type Row = {
  id: string;
  phone: string | null;
  name: string | null;
  email: string | null;
  custom_fields: Record<string, unknown>;
  tags: string[] | null;
};

async function customFieldKeys(organizationId: string): Promise<string[]> {
  const rows = await db().$queryRaw<{ key: string }[]>(Prisma.sql`
    SELECT DISTINCT jsonb_object_keys(custom_fields) AS key FROM contacts
    WHERE organization_id = ${organizationId}::uuid ORDER BY 1 LIMIT ${MAX_CUSTOM_COLUMNS}`);
  return rows.map((r) => r.key);
}

/** Keyset pagination over the (organization_id, created_at DESC, id DESC) index, tags aggregated per page. */
async function page(organizationId: string, afterId: string | null): Promise<Row[]> {
  const after = afterId
    ? Prisma.sql`AND (c.created_at, c.id) < (SELECT created_at, id FROM contacts WHERE id = ${afterId}::uuid)`
    : Prisma.empty;
  return db().$queryRaw<Row[]>(Prisma.sql`
    SELECT p.id, p.phone, p.name, p.email, p.custom_fields, t.tags FROM (
      SELECT c.id, c.phone, c.name, c.email, c.custom_fields, c.created_at FROM contacts c
      WHERE c.organization_id = ${organizationId}::uuid ${after}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${BATCH}
    ) p
    LEFT JOIN LATERAL (
      SELECT array_agg(tg.name ORDER BY tg.name) AS tags FROM contact_tags ct
      JOIN tags tg ON tg.id = ct.tag_id WHERE ct.contact_id = p.id
    ) t ON true
    ORDER BY p.created_at DESC, p.id DESC`);
}

function cell(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

/**
 * All contacts of the organization as CSV, in the import format (phone, name, email, tags joined
 * with ";", one column per custom field), streamed a thousand rows at a time so that a million
 * contacts never sit in memory. Also returns the count, for the browser's progress bar.
 */
export async function exportContacts(organizationId: string) {
  const [keys, total] = await Promise.all([
    customFieldKeys(organizationId),
    db().contact.count({ where: { organizationId } }),
  ]);
  const columns = keys.map((k) => (RESERVED_COLUMNS.includes(k) ? `${CUSTOM_PREFIX}${k}` : k));
  const encoder = new TextEncoder();
  // every cell, the header's custom field names included, is customer-controlled (csvLines neutralises each)
  let afterId: string | null = null;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLines([[...CORE_COLUMNS, ...columns]])));
    },
    async pull(controller) {
      const rows = await page(organizationId, afterId);
      const last = rows.at(-1);
      if (!last) {
        controller.close();
        return;
      }
      afterId = last.id;
      const lines = rows.map((r) => [
        cell(r.phone),
        cell(r.name),
        cell(r.email),
        (r.tags ?? []).join(TAG_SEPARATOR),
        ...keys.map((k) => cell(r.custom_fields[k])),
      ]);
      controller.enqueue(encoder.encode(csvLines(lines)));
    },
  });
  return { stream, total };
}
