import "#server-only";
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { missingSql, valuesSql } from "@/lib/broadcasts/audience-sql";
import type { CheckedTemplate } from "@/lib/broadcasts/check-broadcast-template";
import type { InlineRow } from "@/lib/broadcasts/inline-recipients";
import { addContactTags } from "@/lib/contacts/repository";
import { db } from "@/lib/db";
import { type OutboxResult, withEventSql } from "@/lib/events/outbox-sql";
import type { Tx } from "@/lib/events/record-event";
import { Prisma } from "@/lib/generated/prisma/client.ts";

export type Audience = {
  tags: string[];
  excludeTags: string[];
  /** UUIDs only; any other organization's id simply matches no contact of this one */
  contactIds: string[];
  inline: InlineRow[];
};

export type NewBroadcast = {
  organizationId: string;
  name: string;
  template: CheckedTemplate;
  scheduledAt: Date | null;
  audience: Audience;
};

/**
 * The broadcast, its recipients and the contacts its inline numbers create, in one
 * transaction of a few set-based statements (design.md, Broadcasts): however large the
 * audience, nothing of it passes through this process's memory. An empty audience stores
 * nothing. Returns the id and the contact.created deliveries to enqueue.
 */
export async function storeBroadcast(b: NewBroadcast, now = new Date()) {
  const id = randomUUID();
  const { deliveryIds } = await db().$transaction((tx) => writeBroadcast(tx, id, b, now), TX_OPTIONS);
  return { id, deliveryIds };
}

/** A large audience takes seconds to write; the default 5 s would cut it off. */
export const TX_OPTIONS = { timeout: 120_000, maxWait: 10_000 };

/**
 * The writes of storeBroadcast inside the caller's transaction (the dashboard's preview runs
 * them and rolls back, so that what it shows is exactly what creating would store).
 */
export async function writeBroadcast(tx: Tx, id: string, b: NewBroadcast, now: Date) {
  const deliveryIds = await createInlineContacts(tx, b, now);
  const running = !b.scheduledAt || b.scheduledAt <= now;
  await tx.broadcast.create({
    data: {
      id,
      organizationId: b.organizationId,
      channelId: b.template.channel.id,
      name: b.name,
      status: running ? "running" : "scheduled",
      templateName: b.template.name,
      templateLanguage: b.template.language,
      templateCategory: b.template.category,
      components: b.template.components as Prisma.InputJsonValue,
      placeholders: b.template.keys,
      total: 0,
      scheduledAt: b.scheduledAt,
      startedAt: running ? now : null,
      createdAt: now,
    },
  });
  const total = await insertRecipients(tx, id, b, now);
  if (total === 0) {
    throw new ApiError("VALIDATION_INVALID_FIELD", "No contact matches this audience.", {
      field: "audience",
      hint: "check the tags and contact ids; a contact needs a phone number (or a user id) to receive a broadcast",
    });
  }
  return { deliveryIds, total };
}

/**
 * Inline numbers unknown as contacts become contacts (contact.created), in one statement, with
 * the name, e-mail, custom fields and tags their recipient gave (a CSV audience's known columns);
 * a number that is a contact already is left as it is.
 */
async function createInlineContacts(tx: Tx, b: NewBroadcast, now: Date): Promise<string[]> {
  const rows = b.audience.inline.filter((r) => r.kind === "ok");
  if (rows.length === 0) return [];
  const org = b.organizationId;
  const [result] = await tx.$queryRaw<(OutboxResult & { changed_refs: string[] })[]>(
    withEventSql(
      Prisma.sql`INSERT INTO contacts (id, organization_id, phone, name, email, custom_fields, created_at, updated_at)
        SELECT gen_random_uuid(), ${org}::uuid, g.p, g.n, g.e, coalesce(g.cf, '{}'::jsonb), ${now}, ${now}
        FROM unnest(${rows.map((r) => r.phone)}::text[], ${rows.map((r) => r.contact?.name ?? null)}::text[],
                    ${rows.map((r) => r.contact?.email ?? null)}::text[],
                    ${rows.map((r) => (r.contact?.custom_fields ? JSON.stringify(r.contact.custom_fields) : null))}::jsonb[])
          AS g(p, n, e, cf)
        ON CONFLICT (organization_id, phone) DO NOTHING
        RETURNING organization_id, jsonb_build_object('contactId', id, 'phone', phone, 'name', name, 'email', email,
          'channelId', ${b.template.channel.id}::text, 'timestamp', ${now.toISOString()}::text) AS event_data`,
      "contact.created",
      now,
      "phone",
    ),
  );
  await tagNewContacts(tx, org, rows, new Set(result?.changed_refs ?? []));
  return result?.delivery_ids ?? [];
}

/** The tags of the contacts just created (phones `created`); set-based, as the rest of the write. */
async function tagNewContacts(tx: Tx, organizationId: string, rows: InlineRow[], created: Set<string>) {
  const tagged = rows.filter((r) => created.has(r.phone) && (r.contact?.tags ?? []).length > 0);
  if (tagged.length === 0) return;
  const contacts = await tx.contact.findMany({
    where: { organizationId, phone: { in: tagged.map((r) => r.phone) } },
    select: { id: true, phone: true },
  });
  const idOf = new Map(contacts.map((c) => [c.phone, c.id]));
  await addContactTags(
    organizationId,
    tagged.flatMap((r) => {
      const contactId = idOf.get(r.phone);
      return contactId ? [{ contactId, tags: r.contact?.tags ?? [] }] : [];
    }),
    tx,
  );
}

/**
 * Every recipient in one INSERT … SELECT: the inline numbers in request order, then the
 * contacts of the tags and ids (oldest first) not already listed inline; minus the contacts
 * of the excluded tags. Each row is checked as it is written: invalid or repeated numbers,
 * blocked contacts, opted-out contacts (marketing templates) and missing placeholder values are skipped with
 * their reason; the values of the others are frozen in `values`.
 */
async function insertRecipients(tx: Tx, broadcastId: string, b: NewBroadcast, now: Date): Promise<number> {
  const { inline, tags, excludeTags, contactIds } = b.audience;
  const org = b.organizationId;
  const marketing = b.template.category === "MARKETING";
  const optedOut = Prisma.sql`(${marketing} AND coalesce(a.marketing_opt_out, false))`;
  const missing = missingSql(b.template.required);
  const [row] = await tx.$queryRaw<{ total: number }[]>`
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
             CASE WHEN a.kind = 'ok' THEN ${valuesSql(b.template.keys)} END,
             ${now}
      FROM a
      WHERE a.id IS NULL OR a.id NOT IN (SELECT contact_id FROM excluded)
      RETURNING 1
    )
    UPDATE broadcasts SET total = (SELECT count(*) FROM ins) WHERE id = ${broadcastId}::uuid
    RETURNING total`;
  return row?.total ?? 0;
}
