import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { outboxSql } from "@/lib/events/outbox-sql";
import { recordEvent, type Tx } from "@/lib/events/record-event";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { TemplateComponentInput } from "@/lib/messages/message-schemas";
import {
  outboundConversationCtes,
  outboundConversationEvents,
} from "@/lib/messages/outbound-conversation-sql";
import { recipientBlocked } from "@/lib/messages/recipient-blocked";
import { type RenderedTemplate, renderTemplate } from "@/lib/messages/render-template";
import { sessionClosed, windowOpenSince } from "@/lib/messages/session-window";

export type OutboundMessage = {
  id: string;
  organizationId: string;
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

/**
 * Stores an outbound Message `queued`. The hot path (a known contact) is one statement: it
 * finds the contact, checks the 24-hour window (templates need none), attaches the open
 * conversation and inserts; concurrent sends share that statement (group commit, each row
 * judged on its own). A template to an unknown number creates the contact first.
 * A business-scoped user id is only ever learned from the customer's own inbound message, so
 * an unknown one (another organization's included) is never created: it stays unknown.
 */
export async function storeOutboundMessage(m: OutboundMessage): Promise<void> {
  const now = new Date();
  const isTemplate = m.type === "template";
  const row = await insertTogether({ ...m, now });
  if (row.inserted) {
    await enqueueDeliveries(row.deliveryIds);
    return;
  }
  if (row.blocked && row.contactId) throw recipientBlocked(row.contactId);
  const field = m.to === null ? "recipient" : "to";
  if (row.contactId || !isTemplate) throw sessionClosed(field);
  if (m.to === null) throw unknownRecipient();
  await storeForNewContact({ ...m, to: m.to }, now);
}

export type Stored = {
  contactId: string | null;
  inserted: boolean;
  blocked: boolean;
  /** the deliveries of the conversation.opened this message caused, to enqueue once committed */
  deliveryIds: string[];
};
type Client = Pick<Tx, "$queryRaw">;

const insertTogether = groupCommit<OutboundMessage & { now: Date }, Stored>((ms) =>
  insertOutboundRows(db(), ms),
);

/** statements one call may take while concurrent openers keep changing a contact (never seen past 1) */
const MAX_ROUNDS = 5;

/**
 * The one statement that stores outbound messages of known contacts: single sends (grouped
 * above) and a broadcast's batches (inside their claim transaction) both write through it,
 * each message in its contact's conversation (lib/messages/outbound-conversation-sql.ts).
 * A blocked contact's message is not stored (`blocked` says why). Rows whose contact a
 * concurrent writer changed go again in a next statement.
 */
export async function insertOutboundRows(
  client: Client,
  ms: (OutboundMessage & { now: Date })[],
): Promise<Stored[]> {
  const byId = new Map<string, Stored>();
  let pending = ms;
  for (let round = 1; pending.length > 0; round++) {
    const { stored, raced } = await insertRound(client, pending);
    for (const [id, s] of stored) byId.set(id, s);
    pending = pending.filter((m) => raced.has(m.id));
    if (pending.length > 0 && round >= MAX_ROUNDS)
      throw new Error(`outbound messages kept racing for their contact's conversation: ${pending.length}`);
  }
  return ms.map(
    (m) => byId.get(m.id) ?? { contactId: null, inserted: false, blocked: false, deliveryIds: [] },
  );
}

async function insertRound(
  client: Client,
  ms: (OutboundMessage & { now: Date })[],
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
    Prisma.sql`ok AS (
        SELECT v.*, c.contact_id, c.version FROM v JOIN c ON c.mid = v.mid
        WHERE (v.mtype = 'template' OR c.last_inbound_at > ${windowOpenSince(now)}) AND c.blocked_at IS NULL
      )`,
    ...outboundConversationCtes(now),
    Prisma.sql`ins AS (
        INSERT INTO messages (id, organization_id, channel_id, contact_id, conversation_id, direction, type, content,
                              status, phone, template_name, template_language, rendered_header, rendered_body,
                              rendered_footer, rendered_buttons, broadcast_id, flow_token, created_at, updated_at)
        SELECT ok.mid, ok.org_id, ok.chan_id, ok.contact_id, conv.id,
               'outbound'::"MessageDirection", ok.mtype, (${JSON.stringify(ms.map((m) => m.content))}::jsonb) -> (ok.n::int - 1),
               'queued'::"MessageStatus", ok.to_phone, ok.tname, ok.tlang, ok.rhead, ok.rbody, ok.rfoot,
               NULLIF((${JSON.stringify(r.map((x) => x.renderedButtons))}::jsonb) -> (ok.n::int - 1), 'null'::jsonb),
               ok.bid, ok.ftok, ${now}, ${now}
        FROM ok JOIN conv ON conv.contact_id = ok.contact_id
        RETURNING id, contact_id
      )`,
  ];
  const [answer] = await client.$queryRaw<{ rows: AnswerRow[] | null; opened: OpenedDelivery[] | null }[]>(
    outboxSql(ctes, outboundConversationEvents(now), now, [
      Prisma.sql`(SELECT json_agg(json_build_object(
          'id', v.mid, 'contact_id', c.contact_id,
          'inserted', EXISTS (SELECT 1 FROM ins WHERE ins.id = v.mid),
          'eligible', EXISTS (SELECT 1 FROM ok WHERE ok.mid = v.mid),
          'blocked', c.blocked_at IS NOT NULL))
        FROM v LEFT JOIN c ON c.mid = v.mid) AS rows`,
      Prisma.sql`(SELECT json_agg(json_build_object('contact_id', ev.data->>'contactId', 'id', d.id))
        FROM d JOIN ev ON ev.id = d.event_id) AS opened`,
    ]),
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

function unknownRecipient(): ApiError {
  return new ApiError("RESOURCE_NOT_FOUND", "No customer with this business-scoped user id wrote to you.", {
    field: "recipient",
    hint: "a recipient is the sender.bsuid of a message.received of this organization; otherwise send to the phone number (to)",
  });
}

/**
 * A template to a number no contact has: the contact is created (`contact.created`), then the
 * message is stored by the same statement as every other (its conversation opened there).
 */
async function storeForNewContact(m: OutboundMessage & { to: string }, now: Date): Promise<void> {
  const deliveryIds = await db().$transaction(async (tx) => {
    const existing = await tx.contact.findUnique({
      where: { organizationId_phone: { organizationId: m.organizationId, phone: m.to } },
    });
    const contact =
      existing ?? (await tx.contact.create({ data: { organizationId: m.organizationId, phone: m.to } }));
    const ids = existing
      ? []
      : await recordEvent(tx, m.organizationId, "contact.created", {
          contactId: contact.id,
          phone: contact.phone,
          name: contact.name,
          email: contact.email,
          channelId: m.channelId,
          timestamp: contact.createdAt.toISOString(),
        });
    const [row] = await insertOutboundRows(tx, [{ ...m, now }]);
    if (!row?.inserted) {
      // created concurrently and blocked since: as the statement of a known contact answers
      if (row?.blocked) throw recipientBlocked(contact.id);
      throw sessionClosed("to");
    }
    return [...ids, ...row.deliveryIds];
  });
  await enqueueDeliveries(deliveryIds);
}
