import "#server-only";
import { db, rawQuery } from "@/lib/db";
import { type BroadcastRecipientStatus, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `broadcast_recipients` table (docs/architecture.md "Repositories"): every function takes the
 * organization first and reads and writes only that organization's rows, so a broadcast id of
 * another organization finds and changes nothing. `client` lets a caller's transaction hold the
 * statement. Each filter on `organization_id` is checked on rows an index of broadcast_id (or
 * contact_id) already found: the statements keep their plans.
 */

type Client = Prisma.TransactionClient;

export type RecipientRow = {
  contact_id: string | null;
  /** the contact's name now (the dashboard shows it; the API's recipient has no name) */
  name: string | null;
  phone: string | null;
  status: BroadcastRecipientStatus;
  message_id: string | null;
  conversation_id: string | null;
  whatsapp_message_id: string | null;
  error_code: string | null;
  error_message: string | null;
  skip_reason: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  replied_at: Date | null;
};

/** A page of a broadcast's recipients in send order, optionally of one status, and how many there are. */
export async function listRecipientRows(
  organizationId: string,
  broadcastId: string,
  q: { status?: BroadcastRecipientStatus; page: number; perPage: number },
): Promise<{ rows: RecipientRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    rawQuery<RecipientRow[]>`
      SELECT r.contact_id::text, c.name, r.phone, r.status, r.message_id::text, m.conversation_id::text,
             m.whatsapp_message_id, r.error_code,
             r.error_message, r.skip_reason, r.sent_at, r.delivered_at, r.read_at, r.replied_at
      FROM broadcast_recipients r LEFT JOIN messages m ON m.id = r.message_id AND m.organization_id = r.organization_id
        LEFT JOIN contacts c ON c.id = r.contact_id AND c.organization_id = r.organization_id
      WHERE r.broadcast_id = ${broadcastId}::uuid AND r.organization_id = ${organizationId}::uuid
        ${q.status ? Prisma.sql`AND r.status = ${q.status}::"BroadcastRecipientStatus"` : Prisma.empty}
      ORDER BY r.seq LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`,
    db().broadcastRecipient.count({
      where: { broadcastId, organizationId, ...(q.status ? { status: q.status } : {}) },
    }),
  ]);
  return { rows, total };
}

export type ExportRow = {
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

/** At most `limit` recipients after position `afterSeq`, in send order (keyset on the recipients' key). */
export function listRecipientsAfter(
  organizationId: string,
  broadcastId: string,
  afterSeq: number,
  limit: number,
): Promise<ExportRow[]> {
  return rawQuery<ExportRow[]>`
    SELECT r.seq, r.phone, c.name, r.status::text, r.skip_reason, r.error_code, r.error_message,
           r.message_id::text, m.whatsapp_message_id AS wamid, r.sent_at, r.delivered_at, r.read_at, r.replied_at
    FROM broadcast_recipients r
      LEFT JOIN contacts c ON c.id = r.contact_id AND c.organization_id = r.organization_id
      LEFT JOIN messages m ON m.id = r.message_id AND m.organization_id = r.organization_id
    WHERE r.broadcast_id = ${broadcastId}::uuid AND r.organization_id = ${organizationId}::uuid
      AND r.seq > ${afterSeq}
    ORDER BY r.seq LIMIT ${limit}`;
}

/** The broadcast's failed recipients grouped by error code, most frequent first. */
export function countRecipientFailures(
  organizationId: string,
  broadcastId: string,
): Promise<{ code: string | null; message: string | null; count: number }[]> {
  return rawQuery`
    SELECT error_code AS code, min(error_message) AS message, count(*)::int AS count FROM broadcast_recipients
    WHERE broadcast_id = ${broadcastId}::uuid AND organization_id = ${organizationId}::uuid AND status = 'failed'
    GROUP BY error_code ORDER BY 3 DESC, 1`;
}

/** The broadcast's skipped recipients grouped by reason, most frequent first. */
export function countRecipientSkips(
  organizationId: string,
  broadcastId: string,
  client: Client = db(),
): Promise<{ reason: string; count: number }[]> {
  return client.$queryRaw`
    SELECT skip_reason AS reason, count(*)::int AS count FROM broadcast_recipients
    WHERE broadcast_id = ${broadcastId}::uuid AND organization_id = ${organizationId}::uuid AND status = 'skipped'
    GROUP BY 1 ORDER BY 2 DESC, 1`;
}

/** The first `limit` pending recipients in send order, with their contact's name and frozen values. */
export function firstPendingRecipients(
  organizationId: string,
  broadcastId: string,
  limit: number,
  client: Client = db(),
): Promise<{ phone: string | null; name: string | null; values: (string | null)[] | null }[]> {
  return client.$queryRaw`
    SELECT r.phone, c.name, r."values" FROM broadcast_recipients r
      LEFT JOIN contacts c ON c.id = r.contact_id AND c.organization_id = r.organization_id
    WHERE r.broadcast_id = ${broadcastId}::uuid AND r.organization_id = ${organizationId}::uuid
      AND r.status = 'pending'
    ORDER BY r.seq LIMIT ${limit}`;
}

/**
 * The error most of the latest `sample` failures share (by send order: the recipients' index),
 * or null when none has a code.
 */
export async function commonestRecipientFailure(
  organizationId: string,
  broadcastId: string,
  sample: number,
): Promise<{ code: string; message: string | null; count: number } | null> {
  const [top] = await rawQuery<{ code: string; message: string | null; count: number }[]>`
    SELECT r.error_code AS code, max(r.error_message) AS message, count(*)::int AS count
    FROM (
      SELECT error_code, error_message FROM broadcast_recipients
      WHERE broadcast_id = ${broadcastId}::uuid AND organization_id = ${organizationId}::uuid AND status = 'failed'
      ORDER BY seq DESC LIMIT ${sample}
    ) r
    WHERE r.error_code IS NOT NULL
    GROUP BY r.error_code ORDER BY count(*) DESC LIMIT 1`;
  return top ?? null;
}

/**
 * Failed recipients with one of the error `codes` go back to `pending`, their results cleared
 * (each gets a new message when its turn comes). Answers how many.
 */
export function retryFailedRecipients(
  organizationId: string,
  broadcastId: string,
  codes: string[],
  client: Client,
): Promise<number> {
  return client.$executeRaw`
    UPDATE broadcast_recipients SET status = 'pending', message_id = NULL, retry_at = NULL, attempts = 0,
      error_code = NULL, error_message = NULL, sent_at = NULL, delivered_at = NULL, read_at = NULL, failed_at = NULL
    WHERE broadcast_id = ${broadcastId}::uuid AND organization_id = ${organizationId}::uuid
      AND status = 'failed' AND error_code = ANY (${codes}::text[])`;
}

/**
 * Every pending recipient becomes `skipped` (cancelled) and the messages stored for them but never
 * sent are deleted (a `queued` message is one nobody announced yet). Three statements, not one:
 * the pending recipients are locked first (a batch being claimed finishes before), then their
 * never-sent messages are deleted, then the recipients skipped. One statement with the DELETE in
 * a CTE failed under concurrent claims: a concurrently updated recipient made PostgreSQL re-check
 * the row against the CTE ("ModifyTable should not be called during EvalPlanQual"), and the
 * cancel answered an error while the broadcast went on.
 */
export async function skipPendingRecipients(
  organizationId: string,
  broadcastId: string,
  client: Client,
): Promise<void> {
  await client.$queryRaw`
    SELECT 1 FROM broadcast_recipients
    WHERE broadcast_id = ${broadcastId}::uuid AND organization_id = ${organizationId}::uuid AND status = 'pending'
    FOR UPDATE`;
  const unsent = await client.$queryRaw<{ id: string }[]>`
    DELETE FROM messages m USING broadcast_recipients r
    WHERE r.broadcast_id = ${broadcastId}::uuid AND r.organization_id = ${organizationId}::uuid
      AND r.status = 'pending' AND m.id = r.message_id AND m.organization_id = ${organizationId}::uuid
      AND m.status = 'queued'
    RETURNING m.id::text`;
  await client.$executeRaw`
    UPDATE broadcast_recipients SET status = 'skipped', skip_reason = 'cancelled', message_id = NULL, retry_at = NULL
    WHERE broadcast_id = ${broadcastId}::uuid AND organization_id = ${organizationId}::uuid AND status = 'pending'
      AND (message_id IS NULL OR message_id = ANY (${unsent.map((u) => u.id)}::uuid[]))`;
}

/**
 * The contact wrote at `at`: each broadcast recipient of theirs whose message was delivered after
 * `since` (and not yet counted) is `replied` (the counts follow by trigger). One statement on
 * broadcast_recipients(contact_id, delivered_at).
 */
export async function markRecipientsReplied(
  organizationId: string,
  contactId: string,
  { since, at }: { since: Date; at: Date },
  client: Client,
): Promise<void> {
  await client.$executeRaw`
    UPDATE broadcast_recipients SET replied_at = ${at}
    WHERE contact_id = ${contactId}::uuid AND organization_id = ${organizationId}::uuid
      AND replied_at IS NULL AND status IN ('delivered', 'read')
      AND delivered_at > ${since} AND delivered_at <= ${at}`;
}
