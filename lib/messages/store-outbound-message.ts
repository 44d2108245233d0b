import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent } from "@/lib/events/record-event";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
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
};

/**
 * Stores an outbound Message `queued`. The hot path (a known contact) is one statement: it
 * finds the contact, checks the 24-hour window (templates need none), attaches the open
 * conversation and inserts. A template to an unknown number creates the contact first.
 * A business-scoped user id is only ever learned from the customer's own inbound message, so
 * an unknown one (another organization's included) is never created: it stays unknown.
 */
export async function storeOutboundMessage(m: OutboundMessage): Promise<void> {
  const now = new Date();
  const isTemplate = m.type === "template";
  const [row] = await db().$queryRaw<{ contact_id: string | null; inserted: number }[]>`
    WITH c AS (
      -- exactly one of to / recipient is set; the other compares with NULL and matches nothing
      SELECT id, last_inbound_at FROM contacts
      WHERE organization_id = ${m.organizationId}::uuid AND (phone = ${m.to}::text OR bsuid = ${m.recipient}::text)
    ), conv AS (
      SELECT id FROM conversations
      WHERE organization_id = ${m.organizationId}::uuid AND contact_id = (SELECT id FROM c) AND status <> 'resolved'
      ORDER BY last_activity_at DESC LIMIT 1
    ), ins AS (
      INSERT INTO messages (id, organization_id, channel_id, contact_id, conversation_id, direction, type, content,
                            status, phone, template_name, template_language, created_at, updated_at)
      SELECT ${m.id}::uuid, ${m.organizationId}::uuid, ${m.channelId}::uuid, c.id, (SELECT id FROM conv),
             'outbound'::"MessageDirection", ${m.type}, ${JSON.stringify(m.content)}::jsonb, 'queued'::"MessageStatus",
             ${m.to}::text, ${m.templateName}, ${m.templateLanguage}, ${now}, ${now}
      FROM c WHERE ${isTemplate} OR c.last_inbound_at > ${windowOpenSince(now)}
      RETURNING id
    )
    SELECT (SELECT id FROM c) AS contact_id, (SELECT count(*) FROM ins)::int AS inserted`;
  if (row?.inserted) return;
  const field = m.to === null ? "recipient" : "to";
  if (row?.contact_id || !isTemplate) throw sessionClosed(field);
  if (m.to === null) throw unknownRecipient();
  await storeForNewContact({ ...m, to: m.to }, now);
}

function unknownRecipient(): ApiError {
  return new ApiError("RESOURCE_NOT_FOUND", "No customer with this business-scoped user id wrote to you.", {
    field: "recipient",
    hint: "a recipient is the sender.bsuid of a message.received of this organization; otherwise send to the phone number (to)",
  });
}

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
        createdAt: now,
      },
    });
    return ids;
  });
  await enqueueDeliveries(deliveryIds);
}
