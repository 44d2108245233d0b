import "#server-only";
import { recipientError } from "@/lib/broadcasts/list-recipients";
import { findBroadcastRow } from "@/lib/broadcasts/repository/broadcasts";
import { listRecipientsAfter } from "@/lib/broadcasts/repository/recipients";
import { csvLines } from "@/lib/csv/write-csv";
import { isUuid } from "@/lib/ids/uuid";

const BATCH = 1_000;

const COLUMNS = [
  "phone",
  "name",
  "status",
  "skip_reason",
  "error_code",
  "error_message",
  "message_id",
  "whatsapp_message_id",
  "sent_at",
  "delivered_at",
  "read_at",
  "replied_at",
];

const iso = (d: Date | null) => (d ? d.toISOString() : "");

/**
 * A broadcast's recipients with their results as CSV, in send order, streamed a thousand rows at
 * a time (keyset on the recipient's position) so that 100,000 recipients never sit in memory.
 * Null when the broadcast is not the organization's (or the id is no UUID: a 404, as findBroadcast).
 */
export async function exportRecipients(organizationId: string, broadcastId: string) {
  if (!isUuid(broadcastId)) return null;
  const broadcast = await findBroadcastRow(organizationId, broadcastId);
  if (!broadcast) return null;
  const encoder = new TextEncoder();
  // the name is the customer's WhatsApp profile name: csvLines neutralises every cell
  let after = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLines([COLUMNS])));
    },
    async pull(controller) {
      const rows = await listRecipientsAfter(organizationId, broadcastId, after, BATCH);
      const last = rows.at(-1);
      if (!last) {
        controller.close();
        return;
      }
      after = last.seq;
      const lines = rows.map((r) => {
        const error =
          r.status === "failed" ? recipientError(r.error_code ?? "unknown", r.error_message) : null;
        return [
          r.phone ?? "",
          r.name ?? "",
          r.status,
          r.skip_reason ?? "",
          error ? String(error.code) : "",
          error?.message ?? "",
          r.message_id ?? "",
          r.wamid ?? "",
          iso(r.sent_at),
          iso(r.delivered_at),
          iso(r.read_at),
          iso(r.replied_at),
        ];
      });
      controller.enqueue(encoder.encode(csvLines(lines)));
    },
  });
  return { stream, name: broadcast.name, total: broadcast.total };
}
