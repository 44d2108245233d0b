import "#server-only";
import { CORE_COLUMNS, CUSTOM_PREFIX, RESERVED_COLUMNS, TAG_SEPARATOR } from "@/lib/contacts/import-format";
import { countContacts, customFieldKeys, exportPage } from "@/lib/contacts/repository/list";
import { csvLines } from "@/lib/csv/write-csv";

const BATCH = 1_000;
const MAX_CUSTOM_COLUMNS = 1_000;

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
    customFieldKeys(organizationId, MAX_CUSTOM_COLUMNS),
    countContacts(organizationId),
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
      const rows = await exportPage(organizationId, afterId, BATCH);
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
