import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent, type Tx } from "@/lib/events/record-event";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import type { TemplateComponentInput } from "@/lib/messages/message-schemas";
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
  if (row.inserted) return;
  if (row.blocked && row.contactId) throw recipientBlocked(row.contactId);
  const field = m.to === null ? "recipient" : "to";
  if (row.contactId || !isTemplate) throw sessionClosed(field);
  if (m.to === null) throw unknownRecipient();
  await storeForNewContact({ ...m, ...rendered(m), to: m.to }, now);
}

export type Stored = { contactId: string | null; inserted: boolean; blocked: boolean };
type Client = Pick<Tx, "$queryRaw">;

const insertTogether = groupCommit<OutboundMessage & { now: Date }, Stored>((ms) =>
  insertOutboundRows(db(), ms),
);

/**
 * The one statement that stores outbound messages of known contacts: single sends (grouped
 * above) and a broadcast's batches (inside their claim transaction) both write through it.
 * A blocked contact's message is not stored (`blocked` says why).
 */
export async function insertOutboundRows(
  client: Client,
  ms: (OutboundMessage & { now: Date })[],
): Promise<Stored[]> {
  const now = ms[0]?.now ?? new Date();
  const r = ms.map(rendered);
  const rows = await client.$queryRaw<
    { id: string; contact_id: string | null; inserted: boolean; blocked: boolean | null }[]
  >`
      WITH v AS (
        SELECT * FROM unnest(
          ${ms.map((m) => m.id)}::uuid[], ${ms.map((m) => m.organizationId)}::uuid[],
          ${ms.map((m) => m.channelId)}::uuid[], ${ms.map((m) => m.to)}::text[],
          ${ms.map((m) => m.recipient)}::text[], ${ms.map((m) => m.type)}::text[],
          ${ms.map((m) => m.templateName)}::text[], ${ms.map((m) => m.templateLanguage)}::text[],
          ${r.map((x) => x.renderedHeader)}::text[], ${r.map((x) => x.renderedBody)}::text[],
          ${r.map((x) => x.renderedFooter)}::text[], ${ms.map((m) => m.broadcastId ?? null)}::uuid[]
        ) WITH ORDINALITY AS v(mid, org_id, chan_id, to_phone, to_bsuid, mtype, tname, tlang, rhead, rbody, rfoot, bid, n)
      ), c AS (
        -- exactly one of to / recipient is set; the other compares with NULL and matches nothing.
        -- Two lookups, each by its unique index: an OR in the join made the planner hash all of
        -- the organization's contacts (a 100,000-contact organization: 100,000 rows a statement)
        SELECT v.mid, ct.id AS contact_id, ct.last_inbound_at, ct.blocked_at FROM v
        CROSS JOIN LATERAL (
          SELECT id, last_inbound_at, blocked_at FROM contacts WHERE organization_id = v.org_id AND phone = v.to_phone
          UNION ALL
          SELECT id, last_inbound_at, blocked_at FROM contacts WHERE organization_id = v.org_id AND bsuid = v.to_bsuid
          LIMIT 1
        ) ct
      ), ins AS (
        INSERT INTO messages (id, organization_id, channel_id, contact_id, conversation_id, direction, type, content,
                              status, phone, template_name, template_language, rendered_header, rendered_body,
                              rendered_footer, rendered_buttons, broadcast_id, created_at, updated_at)
        SELECT v.mid, v.org_id, v.chan_id, c.contact_id,
               (SELECT cv.id FROM conversations cv
                WHERE cv.organization_id = v.org_id AND cv.contact_id = c.contact_id AND cv.status <> 'resolved'
                ORDER BY cv.last_activity_at DESC LIMIT 1),
               'outbound'::"MessageDirection", v.mtype, (${JSON.stringify(ms.map((m) => m.content))}::jsonb) -> (v.n::int - 1),
               'queued'::"MessageStatus", v.to_phone, v.tname, v.tlang, v.rhead, v.rbody, v.rfoot,
               NULLIF((${JSON.stringify(r.map((x) => x.renderedButtons))}::jsonb) -> (v.n::int - 1), 'null'::jsonb),
               v.bid, ${now}, ${now}
        FROM v JOIN c ON c.mid = v.mid
        WHERE (v.mtype = 'template' OR c.last_inbound_at > ${windowOpenSince(now)}) AND c.blocked_at IS NULL
        RETURNING id
      )
      SELECT v.mid::text AS id, c.contact_id::text AS contact_id, EXISTS (SELECT 1 FROM ins WHERE ins.id = v.mid) AS inserted,
             c.blocked_at IS NOT NULL AS blocked
      FROM v LEFT JOIN c ON c.mid = v.mid`;
  const byId = new Map(
    rows.map((row) => [
      row.id,
      { contactId: row.contact_id, inserted: row.inserted, blocked: row.blocked === true },
    ]),
  );
  return ms.map((m) => byId.get(m.id) ?? { contactId: null, inserted: false, blocked: false });
}

function unknownRecipient(): ApiError {
  return new ApiError("RESOURCE_NOT_FOUND", "No customer with this business-scoped user id wrote to you.", {
    field: "recipient",
    hint: "a recipient is the sender.bsuid of a message.received of this organization; otherwise send to the phone number (to)",
  });
}

async function storeForNewContact(m: OutboundMessage & Rendered & { to: string }, now: Date): Promise<void> {
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
    await tx.message.create({
      data: {
        id: m.id,
        organizationId: m.organizationId,
        channelId: m.channelId,
        contactId: contact.id,
        direction: "outbound",
        type: m.type,
        content: m.content as Prisma.InputJsonValue,
        status: "queued",
        phone: m.to,
        templateName: m.templateName,
        templateLanguage: m.templateLanguage,
        renderedHeader: m.renderedHeader,
        renderedBody: m.renderedBody,
        renderedFooter: m.renderedFooter,
        ...(m.renderedButtons ? { renderedButtons: m.renderedButtons } : {}),
        createdAt: now,
      },
    });
    return ids;
  });
  await enqueueDeliveries(deliveryIds);
}
