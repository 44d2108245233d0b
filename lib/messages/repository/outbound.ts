import "#server-only";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { eventDataSql } from "@/lib/events/outbox-sql";
import type { Tx } from "@/lib/events/record-event";
import { outboxSql } from "@/lib/events/repository";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { TemplateComponentInput } from "@/lib/messages/message-schemas";
import { type RenderedTemplate, renderTemplate } from "@/lib/messages/render-template";
import { windowOpenSince } from "@/lib/messages/session-window";

/**
 * The `messages` table, the statement that stores outbound messages (docs/architecture.md
 * "Repositories"): single sends (group-committed, each caller's row with its own organization) and
 * a broadcast's batches (inside their claim transaction) both write through it. Every row is
 * matched on its organization: its contact is looked up in it, its conversation found or opened in
 * it, its channel checked to be the organization's, the message inserted into it. The statement
 * also reads and writes `contacts` and `conversations` (the contact and its conversation are part
 * of storing a message: one rule for every message the business sends) and writes the
 * `conversation.opened` events.
 */

export type OutboundMessage = {
  id: string;
  channelId: string;
  /** E.164; null when the customer is addressed by business-scoped user id */
  to: string | null;
  /** the contact's business-scoped user id (Contact.bsuid); null for a send by phone number */
  recipient: string | null;
  type: string;
  content: unknown;
  templateName: string | null;
  templateLanguage: string | null;
  /**
   * A template send: the stored translation and the send's components. The message row then
   * keeps the text the customer reads (header, body, footer, buttons), whichever path sent it.
   */
  render?: { stored: unknown; parameterFormat: string; components: readonly TemplateComponentInput[] } | null;
  /** the broadcast sending it (lib/broadcasts/claim-batch.ts); absent for a single send */
  broadcastId?: string | null;
  /** a Flow message's token (lib/messages/flow-token.ts): its answer finds the message by it */
  flowToken?: string | null;
};

export type Stored = {
  contactId: string | null;
  inserted: boolean;
  blocked: boolean;
  /** the deliveries of the conversation.opened this message caused, to enqueue once committed */
  deliveryIds: string[];
};

type Row = OutboundMessage & { organizationId: string; now: Date };
type Client = Pick<Tx, "$queryRaw">;

const notStored: Stored = { contactId: null, inserted: false, blocked: false, deliveryIds: [] };

const insertTogether = groupCommit<Row, Stored>((ms) => insertRows(db(), ms));

/**
 * One message of the organization to a known contact stored `queued` (a single send): concurrent
 * sends share the statement (group commit), each row judged on its own. Not stored when the
 * contact is unknown to the organization, blocked, or (not a template) outside its 24-hour window.
 */
export function insertOutboundMessage(
  organizationId: string,
  m: OutboundMessage & { now: Date },
  client?: Client,
): Promise<Stored> {
  const row = { ...m, organizationId };
  if (!client) return insertTogether(row);
  return insertRows(client, [row]).then(([s]) => s ?? notStored);
}

/** A broadcast's messages of the organization, stored by the same statement in the caller's transaction. */
export function insertOutboundBatch(
  organizationId: string,
  ms: (OutboundMessage & { now: Date })[],
  client: Client,
): Promise<Stored[]> {
  return insertRows(
    client,
    ms.map((m) => ({ ...m, organizationId })),
  );
}

/** statements one call may take while concurrent openers keep changing a contact (never seen past 1) */
const MAX_ROUNDS = 5;

/** Rows whose contact a concurrent writer changed go again in a next statement. */
async function insertRows(client: Client, ms: Row[]): Promise<Stored[]> {
  const byId = new Map<string, Stored>();
  let pending = ms;
  for (let round = 1; pending.length > 0; round++) {
    const { stored, raced } = await insertRound(client, pending);
    for (const [id, s] of stored) byId.set(id, s);
    pending = pending.filter((m) => raced.has(m.id));
    if (pending.length > 0 && round >= MAX_ROUNDS)
      throw new Error(`outbound messages kept racing for their contact's conversation: ${pending.length}`);
  }
  return ms.map((m) => byId.get(m.id) ?? notStored);
}

type Rendered = {
  renderedHeader: string | null;
  renderedBody: string | null;
  renderedFooter: string | null;
  renderedButtons: RenderedTemplate["buttons"] | null;
};

function rendered(m: OutboundMessage): Rendered {
  if (!m.render)
    return { renderedHeader: null, renderedBody: null, renderedFooter: null, renderedButtons: null };
  const r = renderTemplate(m.render.stored, m.render.components, m.render.parameterFormat);
  return {
    renderedHeader: r.header,
    renderedBody: r.body,
    renderedFooter: r.footer,
    renderedButtons: r.buttons.length > 0 ? r.buttons : null,
  };
}

async function insertRound(
  client: Client,
  ms: Row[],
): Promise<{ stored: Map<string, Stored>; raced: Set<string> }> {
  const now = ms[0]?.now ?? new Date();
  const r = ms.map(rendered);
  const ctes = [
    Prisma.sql`v AS (
        SELECT * FROM unnest(
          ${ms.map((m) => m.id)}::uuid[], ${ms.map((m) => m.organizationId)}::uuid[],
          ${ms.map((m) => m.channelId)}::uuid[], ${ms.map((m) => m.to)}::text[],
          ${ms.map((m) => m.recipient)}::text[], ${ms.map((m) => m.type)}::text[],
          ${ms.map((m) => m.templateName)}::text[], ${ms.map((m) => m.templateLanguage)}::text[],
          ${r.map((x) => x.renderedHeader)}::text[], ${r.map((x) => x.renderedBody)}::text[],
          ${r.map((x) => x.renderedFooter)}::text[], ${ms.map((m) => m.broadcastId ?? null)}::uuid[],
          ${ms.map((m) => m.flowToken ?? null)}::text[]
        ) WITH ORDINALITY AS v(mid, org_id, chan_id, to_phone, to_bsuid, mtype, tname, tlang, rhead, rbody, rfoot, bid, ftok, n)
      )`,
    // exactly one of to / recipient is set; the other compares with NULL and matches nothing.
    // Two lookups, each by its unique index: an OR in the join made the planner hash all of
    // the organization's contacts (a 100,000-contact organization: 100,000 rows a statement)
    Prisma.sql`c AS (
        SELECT v.mid, ct.id AS contact_id, ct.last_inbound_at, ct.blocked_at, ct.version FROM v
        CROSS JOIN LATERAL (
          SELECT id, last_inbound_at, blocked_at, xmin AS version FROM contacts WHERE organization_id = v.org_id AND phone = v.to_phone
          UNION ALL
          SELECT id, last_inbound_at, blocked_at, xmin FROM contacts WHERE organization_id = v.org_id AND bsuid = v.to_bsuid
          LIMIT 1
        ) ct
      )`,
    // the channel named is the organization's (a probe of its primary key): callers resolved it
    // through the organization already, and the statement holds that too
    Prisma.sql`ok AS (
        SELECT v.*, c.contact_id, c.version FROM v JOIN c ON c.mid = v.mid
        WHERE (v.mtype = 'template' OR c.last_inbound_at > ${windowOpenSince(now)}) AND c.blocked_at IS NULL
          AND EXISTS (SELECT 1 FROM channels ch WHERE ch.id = v.chan_id AND ch.organization_id = v.org_id)
      )`,
    ...outboundConversationCtes(now),
    Prisma.sql`ins AS (
        INSERT INTO messages (id, organization_id, channel_id, contact_id, conversation_id, direction, type, content,
                              status, phone, template_name, template_language, rendered_header, rendered_body,
                              rendered_footer, rendered_buttons, broadcast_id, flow_token, created_at, updated_at)
        SELECT ok.mid, ok.org_id, ok.chan_id, ok.contact_id, (conv.ids ->> ok.contact_id::text)::uuid,
               'outbound'::"MessageDirection", ok.mtype, (${JSON.stringify(ms.map((m) => m.content))}::jsonb) -> (ok.n::int - 1),
               'queued'::"MessageStatus", ok.to_phone, ok.tname, ok.tlang, ok.rhead, ok.rbody, ok.rfoot,
               NULLIF((${JSON.stringify(r.map((x) => x.renderedButtons))}::jsonb) -> (ok.n::int - 1), 'null'::jsonb),
               ok.bid, ok.ftok, ${now}, ${now}
        -- each row's conversation by its contact's key in one object, not by a join: each side
        -- estimated at one row, the join was a nested loop over every pair of a batch (39,800 pairs
        -- discarded for 200 messages, about a fifth of the statement's time under auto_explain)
        FROM ok CROSS JOIN conv WHERE conv.ids ? ok.contact_id::text
        RETURNING id, contact_id
      )`,
  ];
  const [answer] = await client.$queryRaw<{ rows: AnswerRow[] | null; opened: OpenedDelivery[] | null }[]>(
    outboxSql(
      ms.map((m) => m.organizationId),
      ctes,
      outboundConversationEvents(now),
      now,
      [
        Prisma.sql`(SELECT json_agg(json_build_object(
          'id', v.mid, 'contact_id', c.contact_id,
          'inserted', i.id IS NOT NULL,
          'eligible', e.mid IS NOT NULL,
          'blocked', c.blocked_at IS NOT NULL))
        -- joins, not EXISTS per row: a CTE's estimate of one row made each EXISTS a scan of the CTE per row
        FROM v LEFT JOIN c ON c.mid = v.mid LEFT JOIN ins i ON i.id = v.mid LEFT JOIN ok e ON e.mid = v.mid) AS rows`,
        Prisma.sql`(SELECT json_agg(json_build_object('contact_id', ev.data->>'contactId', 'id', d.id))
        FROM d JOIN ev ON ev.id = d.event_id) AS opened`,
      ],
    ),
  );
  // the deliveries of a conversation opened go with the first message of its contact
  const deliveries = new Map<string, string[]>();
  for (const o of answer?.opened ?? [])
    deliveries.set(o.contact_id, [...(deliveries.get(o.contact_id) ?? []), o.id]);
  const stored = new Map<string, Stored>();
  const raced = new Set<string>();
  for (const row of answer?.rows ?? []) {
    if (row.eligible && !row.inserted) {
      raced.add(row.id);
      continue;
    }
    const deliveryIds = (row.inserted && row.contact_id && deliveries.get(row.contact_id)) || [];
    if (row.contact_id) deliveries.delete(row.contact_id);
    stored.set(row.id, {
      contactId: row.contact_id,
      inserted: row.inserted,
      blocked: row.blocked === true,
      deliveryIds,
    });
  }
  return { stored, raced };
}

type AnswerRow = {
  id: string;
  contact_id: string | null;
  inserted: boolean;
  eligible: boolean;
  blocked: boolean | null;
};
type OpenedDelivery = { contact_id: string; id: string };

/**
 * The conversation of an outbound message, one rule for every message the business sends
 * through us (a single send, a dashboard reply, each message of a broadcast), written once as
 * the CTEs of the statement above that stores them:
 *
 * - the contact's open conversation (not resolved; the latest active if several) takes it;
 * - a contact with none gets a new `open` conversation (`conversation.opened`): a resolved one
 *   is never reopened, as a customer's message after resolution opens a new one;
 * - the message's time becomes the conversation's last activity, so that the customer's answer
 *   (lib/inbound/: not resolved and active within 24 hours) continues the same conversation.
 *
 * `ok` is the CTE of the rows to store: `mid`, `n`, `org_id`, `chan_id`, `contact_id` and the
 * contact row's `version` (xmin) as the statement read it. Set-based: one lookup per distinct
 * contact, one insert and one update for the whole batch. Each contact and conversation is
 * matched on its row's organization too (`org_id`), as every statement of a repository is.
 *
 * A conversation is opened only for a contact whose row is still the version read, and that row
 * is rewritten (same values, new version) in the same statement. Every path that opens a
 * conversation writes the contact row first, so a concurrent opener (the customer's message
 * arriving now, another process's send) either waits for this statement and then sees its
 * conversation, or has changed the row, and this statement opens nothing for that contact:
 * its rows come back `raced` and are stored by the next statement, which sees the other's
 * conversation. Never two open conversations from a race.
 *
 * Adds the CTEs `cur`, `opening`, `claimed`, `opened`, `continued` and `conv` (one row, `ids`: an
 * object from each contact id that gets a conversation to that conversation's id).
 */
function outboundConversationCtes(now: Date): Prisma.Sql[] {
  return [
    Prisma.sql`cur AS (
      SELECT k.org_id, k.contact_id, cv.id FROM (SELECT DISTINCT ok.org_id, ok.contact_id FROM ok) k
      CROSS JOIN LATERAL (
        -- by the contact's index whatever the statistics say: with the organization's condition
        -- beside it, a table not yet analyzed (conversations grown from none during a broadcast)
        -- was read through the organization's index, every open conversation of it per contact
        -- (bench:broadcast, 2026-11-29). The fence (OFFSET 0) keeps that condition out of the
        -- index choice; a contact's conversations are all its organization's anyway.
        SELECT mine.id FROM (
          SELECT id, organization_id FROM conversations
          WHERE contact_id = k.contact_id AND status <> 'resolved'
          ORDER BY last_activity_at DESC, id DESC OFFSET 0
        ) mine
        WHERE mine.organization_id = k.org_id LIMIT 1
      ) cv
    )`,
    Prisma.sql`opening AS (
      SELECT ok.contact_id, (array_agg(ok.org_id))[1] AS org_id, (array_agg(ok.chan_id ORDER BY ok.n))[1] AS chan_id,
             (array_agg(ok.version))[1] AS version, gen_random_uuid() AS id
      FROM ok WHERE NOT EXISTS (SELECT 1 FROM cur WHERE cur.contact_id = ok.contact_id)
      GROUP BY ok.contact_id
    )`,
    Prisma.sql`claimed AS (
      UPDATE contacts ct SET updated_at = ct.updated_at
      FROM opening o WHERE ct.id = o.contact_id AND ct.organization_id = o.org_id AND ct.xmin = o.version
      RETURNING ct.id AS contact_id, o.id, o.org_id, o.chan_id
    )`,
    Prisma.sql`opened AS (
      INSERT INTO conversations (id, organization_id, contact_id, channel_id, status, opened_at, last_activity_at,
                                 created_at, updated_at)
      -- the opening rows come back through claimed's RETURNING: a join of the two, each estimated at
      -- one row, was a nested loop over every pair of a batch
      SELECT claimed.id, claimed.org_id, claimed.contact_id, claimed.chan_id, 'open'::"ConversationStatus",
             ${now}, ${now}, ${now}, ${now}
      FROM claimed
      RETURNING id, organization_id, contact_id, channel_id
    )`,
    Prisma.sql`continued AS (
      UPDATE conversations cv SET last_activity_at = GREATEST(cv.last_activity_at, ${now}), updated_at = ${now}
      FROM cur WHERE cv.id = cur.id AND cv.organization_id = cur.org_id
    )`,
    // MATERIALIZED: computed once; inlined, the planner rescanned it (the aggregate) for each row
    Prisma.sql`conv AS MATERIALIZED (
      SELECT coalesce(jsonb_object_agg(k.contact_id::text, k.id), '{}'::jsonb) AS ids
      FROM (SELECT contact_id, id FROM cur UNION ALL SELECT contact_id, id FROM opened) k
    )`,
  ];
}

/** The `conversation.opened` events of the conversations `outboundConversationCtes` opened (for outboxSql). */
function outboundConversationEvents(now: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT opened.organization_id, 'conversation.opened' AS event_name,
           ${eventDataSql("conversation.opened", {
             conversationId: Prisma.sql`opened.id::text`,
             contactId: Prisma.sql`opened.contact_id::text`,
             channelId: Prisma.sql`opened.channel_id::text`,
             status: Prisma.sql`'open'::text`,
             timestamp: Prisma.sql`${now.toISOString()}::text`,
           })}
    FROM opened`;
}
