import "#server-only";
import { missingSql, valuesSql } from "@/lib/broadcasts/audience-sql";
import type { InlineRow } from "@/lib/broadcasts/inline-recipients";
import type { OutboxResult } from "@/lib/events/outbox-sql";
import { withEventSql } from "@/lib/events/repository";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The writes that resolve a new broadcast's audience (lib/broadcasts/store-broadcast.ts): the
 * contacts its inline numbers create and its `broadcast_recipients` rows, set-based, in the
 * caller's transaction. They touch `contacts` and `tags` as part of creating a broadcast, so they
 * live here rather than in the contacts repository. Every function takes the organization first
 * and reads and writes only its rows.
 */

type Client = Prisma.TransactionClient;

/**
 * Inline numbers unknown as contacts become contacts (contact.created), in one statement, with
 * the name, e-mail and custom fields their recipient gave; a number that is a contact already is
 * left as it is. Answers the deliveries to enqueue and the phones created.
 */
export async function insertInlineContacts(
  organizationId: string,
  rows: InlineRow[],
  { channelId, now }: { channelId: string; now: Date },
  client: Client,
): Promise<{ deliveryIds: string[]; created: string[] }> {
  const [result] = await client.$queryRaw<(OutboxResult & { changed_refs: string[] })[]>(
    withEventSql(
      organizationId,
      Prisma.sql`INSERT INTO contacts (id, organization_id, phone, name, email, custom_fields, created_at, updated_at)
        SELECT gen_random_uuid(), ${organizationId}::uuid, g.p, g.n, g.e, coalesce(g.cf, '{}'::jsonb), ${now}, ${now}
        FROM unnest(${rows.map((r) => r.phone)}::text[], ${rows.map((r) => r.contact?.name ?? null)}::text[],
                    ${rows.map((r) => r.contact?.email ?? null)}::text[],
                    ${rows.map((r) => (r.contact?.custom_fields ? JSON.stringify(r.contact.custom_fields) : null))}::jsonb[])
          AS g(p, n, e, cf)
        ON CONFLICT (organization_id, phone) DO NOTHING
        RETURNING organization_id, jsonb_build_object('contactId', id, 'phone', phone, 'name', name, 'email', email,
          'channelId', ${channelId}::text, 'timestamp', ${now.toISOString()}::text) AS event_data`,
      "contact.created",
      now,
      "phone",
    ),
  );
  return { deliveryIds: result?.delivery_ids ?? [], created: result?.changed_refs ?? [] };
}

/** The organization's contacts of these numbers, by number. */
export async function findContactIdsByPhone(
  organizationId: string,
  phones: string[],
  client: Client,
): Promise<Map<string, string>> {
  const contacts = await client.contact.findMany({
    where: { organizationId, phone: { in: phones } },
    select: { id: true, phone: true },
  });
  return new Map(contacts.flatMap((c) => (c.phone ? [[c.phone, c.id] as const] : [])));
}

export type RecipientAudience = {
  inline: InlineRow[];
  tags: string[];
  excludeTags: string[];
  contactIds: string[];
  marketing: boolean;
  /** the template's placeholders, in the order of each recipient's `values` */
  keys: readonly string[];
  /** the placeholders with no fallback: a row lacking one is skipped (missing_variable) */
  required: readonly string[];
};

/**
 * Every recipient in one INSERT … SELECT: the inline numbers in request order, then the
 * contacts of the tags and ids (oldest first) not already listed inline; minus the contacts
 * of the excluded tags. Each row is checked as it is written: invalid or repeated numbers,
 * blocked contacts, opted-out contacts (marketing templates) and missing placeholder values are
 * skipped with their reason; the values of the others are frozen in `values`. The broadcast's
 * `total` is set in the same statement; answers it. A broadcast id that is not the organization's
 * gets no row (the EXISTS is one look-up by key for the statement, not one per row).
 */
export async function insertRecipients(
  organizationId: string,
  broadcastId: string,
  a: RecipientAudience,
  now: Date,
  client: Client,
): Promise<number> {
  const org = organizationId;
  const { inline, tags, excludeTags, contactIds } = a;
  const optedOut = Prisma.sql`(${a.marketing} AND coalesce(a.marketing_opt_out, false))`;
  const missing = missingSql(a.required);
  const [row] = await client.$queryRaw<{ total: number }[]>`
    WITH given AS (
      SELECT * FROM unnest(${inline.map((r) => r.ord)}::int[], ${inline.map((r) => r.kind)}::text[],
                           ${inline.map((r) => r.phone)}::text[],
                           ${inline.map((r) => (r.vars ? JSON.stringify(r.vars) : null))}::jsonb[])
        AS g(ord, kind, given_phone, vars)
    ), excluded AS (
      SELECT ct.contact_id FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
      WHERE t.organization_id = ${org}::uuid AND t.name = ANY (${excludeTags}::text[])
    ), listed AS (
      SELECT g.ord::bigint AS ord, g.kind, g.given_phone, g.vars, c.id, c.phone, c.name, c.email,
             c.custom_fields, c.marketing_opt_out, c.blocked_at
      FROM given g LEFT JOIN contacts c
        ON g.kind <> 'invalid_phone' AND c.organization_id = ${org}::uuid AND c.phone = g.given_phone
    ), segment AS (
      SELECT 1000000000 + row_number() OVER (ORDER BY c.created_at, c.id) AS ord, 'ok'::text AS kind,
             NULL::text AS given_phone, NULL::jsonb AS vars, c.id, c.phone, c.name, c.email,
             c.custom_fields, c.marketing_opt_out, c.blocked_at
      FROM contacts c
      WHERE c.organization_id = ${org}::uuid
        AND (c.id = ANY (${contactIds}::uuid[]) OR c.id IN (
              SELECT ct.contact_id FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
              WHERE t.organization_id = ${org}::uuid AND t.name = ANY (${tags}::text[])))
        AND (c.phone IS NOT NULL OR c.bsuid IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM listed l WHERE l.id = c.id)
    ), a AS (
      SELECT * FROM listed UNION ALL SELECT * FROM segment
    ), ins AS (
      INSERT INTO broadcast_recipients (broadcast_id, seq, organization_id, contact_id, phone, status, skip_reason,
                                        "values", created_at)
      SELECT ${broadcastId}::uuid, row_number() OVER (ORDER BY a.ord), ${org}::uuid, a.id, coalesce(a.phone, a.given_phone),
             (CASE WHEN a.kind <> 'ok' OR a.blocked_at IS NOT NULL OR ${optedOut} OR ${missing} THEN 'skipped' ELSE 'pending' END)::"BroadcastRecipientStatus",
             CASE WHEN a.kind <> 'ok' THEN a.kind WHEN a.blocked_at IS NOT NULL THEN 'blocked' WHEN ${optedOut} THEN 'opted_out'
                  WHEN ${missing} THEN 'missing_variable' END,
             CASE WHEN a.kind = 'ok' THEN ${valuesSql(a.keys)} END,
             ${now}
      FROM a
      WHERE (a.id IS NULL OR a.id NOT IN (SELECT contact_id FROM excluded))
        AND EXISTS (SELECT 1 FROM broadcasts WHERE id = ${broadcastId}::uuid AND organization_id = ${org}::uuid)
      RETURNING 1
    )
    UPDATE broadcasts SET total = (SELECT count(*) FROM ins)
    WHERE id = ${broadcastId}::uuid AND organization_id = ${org}::uuid
    RETURNING total`;
  return row?.total ?? 0;
}
