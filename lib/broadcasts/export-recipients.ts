import "#server-only";
import { recipientError } from "@/lib/broadcasts/list-recipients";
import { csvLines } from "@/lib/csv/write-csv";
import { db } from "@/lib/db";
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

type Row = {
  seq: number;
  phone: string | null;
  name: string | null;
  status: string;
  skip_reason: string | null;
  error_code: string | null;
  error_message: string | null;
  message_id: string | null;
  wamid: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  replied_at: Date | null;
};

function page(broadcastId: string, afterSeq: number): Promise<Row[]> {
  return db().$queryRaw<Row[]>`
    SELECT r.seq, r.phone, c.name, r.status::text, r.skip_reason, r.error_code, r.error_message,
           r.message_id::text, m.whatsapp_message_id AS wamid, r.sent_at, r.delivered_at, r.read_at, r.replied_at
    FROM broadcast_recipients r LEFT JOIN contacts c ON c.id = r.contact_id LEFT JOIN messages m ON m.id = r.message_id
    WHERE r.broadcast_id = ${broadcastId}::uuid AND r.seq > ${afterSeq}
    ORDER BY r.seq LIMIT ${BATCH}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : "");

/**
 * A broadcast's recipients with their results as CSV, in send order, streamed a thousand rows at
 * a time (keyset on the recipient's position) so that 100,000 recipients never sit in memory.
 * Null when the broadcast is not the organization's (or the id is no UUID: a 404, as findBroadcast).
 */
export async function exportRecipients(organizationId: string, broadcastId: string) {
  if (!isUuid(broadcastId)) return null;
  const broadcast = await db().broadcast.findFirst({
    where: { id: broadcastId, organizationId },
    select: { name: true, total: true },
  });
  if (!broadcast) return null;
  const encoder = new TextEncoder();
  // the name is the customer's WhatsApp profile name: csvLines neutralises every cell
  let after = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLines([COLUMNS])));
    },
    async pull(controller) {
      const rows = await page(broadcastId, after);
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
