import "#server-only";
import { randomUUID } from "node:crypto";
import { REPLY_WINDOW_MS } from "@/lib/broadcasts/mark-replied";
import { CHANNEL_TOUCH_EVERY_MS } from "@/lib/channels/channel-touch-due";
import type { InboundSender } from "@/lib/contacts/find-or-create-inbound-contact";
import { CONVERSATION_QUIET_MS } from "@/lib/conversations/touch-conversation";
import { rawQuery } from "@/lib/db";
import { buildEventData } from "@/lib/events/payloads";
import { outboxSql } from "@/lib/events/repository";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { MappedInbound } from "@/lib/inbound/map-inbound-content";

/**
 * The inbound fast path (docs/architecture.md "Repositories"): the one statement that stores an
 * ordinary customer's message. It writes nine tables (messages, media, contacts, conversations,
 * broadcast_recipients, channels, events and deliveries, and the notification's processed mark),
 * so it belongs to no one resource's repository: it is the inbound operation's, kept whole
 * because it is one statement (benchmarked), beside the full path it must agree with
 * (lib/inbound/inbound-paths.property.test.ts). Every statement of it names the organization:
 * the rows it reads are found in it, and the rows it changes are matched on their id and it.
 * The one read across organizations is the duplicate check by the upstream's id, which is unique
 * across them (messages_whatsapp_message_id_key, the insert's ON CONFLICT): it asks whether that
 * id is stored at all, and reads nothing of the row.
 */

/** The events' order: the full path records them (and enqueues their deliveries) so. */
const EVENT_ORDER = [
  "contact.created",
  "conversation.opened",
  "message.inbound",
  "conversation.owner_changed",
];

export type OrdinaryInboundInput = {
  /** the organization's channel it came on */
  channelId: string;
  messageId: string;
  whatsappMessageId: string;
  sender: InboundSender;
  /** the number as the upstream wrote it (without "+"), for the event's sender.phone */
  digits: string | null;
  mapped: MappedInbound;
  receivedAt: Date;
  /** when the customer wrote (the 24-hour window and the conversation count from it) */
  writtenAt: Date;
  /** the normalized text when it could be a stop word: one that is takes the full path */
  stopWordCandidate: string | null;
  /** this process has not written the channel's lastActiveAt for a minute */
  touchChannel: boolean;
  /** the stored notification this message is the only item of: marked processed with it */
  notificationId: string | null;
  /** it came on Meta's `standby` field: another responder owned the conversation (responder "other") */
  standby?: boolean;
};

export type OrdinaryInboundResult =
  | { outcome: "stored"; deliveryIds: string[]; marked: boolean }
  | { outcome: "duplicate"; marked: boolean }
  /** not the ordinary case (a new or merged identity, a stop word, a concurrent change): full path */
  | { outcome: "other" };

/**
 * An inbound message from a known customer whose identifiers are unchanged, or from a customer
 * no contact has either identifier of, in ONE statement: the message (ON CONFLICT on the
 * upstream id), its media reference, the contact's window (or the new contact), the
 * conversation continued or opened, the channel's lastActiveAt (at most once a minute), the
 * broadcast replies, and the events (contact.created, conversation.opened, message.inbound)
 * with their deliveries — all or nothing, as the full path's transaction writes them.
 *
 * A known contact is updated only if its row is still the version this statement read (xmin):
 * a concurrent writer of the same contact (how every conversation-opening path serializes)
 * makes this write nothing and the caller takes the full path, whose statements see what that
 * writer committed; a new contact created concurrently conflicts (DO NOTHING) the same way.
 * Anything out of the ordinary answers "other".
 */
export async function storeOrdinaryInbound(
  organizationId: string,
  input: OrdinaryInboundInput,
): Promise<OrdinaryInboundResult> {
  const org = organizationId;
  const { channelId, sender, mapped, receivedAt: now, writtenAt } = input;
  if (!sender.phone && !sender.bsuid) return { outcome: "other" };
  const newConversationId = randomUUID();
  // the conversation's last activity: the message's own created_at, to the ms (touch-conversation.ts)
  const activity = new Date(Math.max(writtenAt.getTime(), now.getTime()));
  const newContactId = randomUUID();
  // the payloads are built (and checked) by their declared schemas; the ids and the sender's
  // identifiers the statement finds overwrite the placeholders (jsonb ||)
  const inboundData = buildEventData("message.inbound", {
    messageId: input.messageId,
    whatsappMessageId: input.whatsappMessageId,
    conversationId: input.messageId,
    contactId: input.messageId,
    channel: "whatsapp",
    channelId,
    direction: "inbound",
    contentType: mapped.contentType,
    status: "delivered",
    timestamp: now.toISOString(),
    content: mapped.content,
    sender: { phone: null, name: sender.profileName, bsuid: null, username: null },
    ...(input.standby ? { responder: "other" as const, responderAppId: null } : {}),
  });
  const openedData = buildEventData("conversation.opened", {
    conversationId: newConversationId,
    contactId: input.messageId,
    channelId,
    status: "open",
    timestamp: now.toISOString(),
  });
  const createdData = buildEventData("contact.created", {
    contactId: newContactId,
    phone: sender.phone,
    name: sender.profileName,
    email: null,
    bsuid: sender.bsuid,
    username: sender.username ?? null,
    channelId,
    timestamp: now.toISOString(),
  });
  // Meta routes a customer's message on `messages` to the thread's owner ("Prepare for Conversation
  // Routing": an inbound messages webhook means you own the thread), so a conversation the other
  // responder had (handed away, released, taken from us) is ours again
  const ownerBackData = buildEventData("conversation.owner_changed", {
    conversationId: input.messageId,
    contactId: input.messageId,
    channelId,
    previousOwner: { owner: "other", appId: null },
    owner: { owner: "us", appId: null },
    reason: "messages",
    timestamp: now.toISOString(),
  });
  const digits = input.digits?.replace(/^\+/, "") ?? null;
  const media = mapped.media;
  const ctes: Prisma.Sql[] = [
    // by the upstream's id alone: it is unique across organizations (above)
    Prisma.sql`seen AS (
      SELECT EXISTS (SELECT 1 FROM messages WHERE whatsapp_message_id = ${input.whatsappMessageId}) AS duplicate,
             ${
               input.stopWordCandidate === null
                 ? Prisma.sql`false`
                 : Prisma.sql`EXISTS (SELECT 1 FROM organizations o
                     WHERE o.id = ${org}::uuid AND ${input.stopWordCandidate} = ANY (o.marketing_stop_words))`
             } AS stop_word
    )`,
    // two lookups, each by its unique index (an OR would scan the organization's contacts)
    Prisma.sql`found AS (
      SELECT id, phone, bsuid, username, xmin AS version FROM contacts
      WHERE organization_id = ${org}::uuid AND phone = ${sender.phone}
      UNION ALL
      SELECT id, phone, bsuid, username, xmin FROM contacts
      WHERE organization_id = ${org}::uuid AND bsuid = ${sender.bsuid}
    )`,
    Prisma.sql`c AS (
      SELECT found.id, found.version FROM found, seen
      WHERE NOT seen.duplicate AND NOT seen.stop_word
        AND ${sender.phone ? Prisma.sql`found.phone = ${sender.phone}` : Prisma.sql`found.bsuid = ${sender.bsuid}`}
        -- a new or different user id or username is announced (contact.updated), perhaps merged: full path
        AND (${sender.bsuid}::text IS NULL OR found.bsuid = ${sender.bsuid})
        AND (${sender.username ?? null}::text IS NULL OR found.username = ${sender.username ?? null})
      LIMIT 1
    )`,
    Prisma.sql`fresh AS (
      INSERT INTO contacts (id, organization_id, phone, bsuid, parent_bsuid, username, profile_name, name,
                            last_inbound_at, created_at, updated_at)
      SELECT ${newContactId}::uuid, ${org}::uuid, ${sender.phone}, ${sender.bsuid}, ${sender.parentBsuid ?? null},
             ${sender.username ?? null}, ${sender.profileName}, ${sender.profileName}, ${writtenAt}, ${now}, ${now}
      FROM seen WHERE NOT seen.duplicate AND NOT seen.stop_word AND NOT EXISTS (SELECT 1 FROM found)
      ON CONFLICT DO NOTHING
      RETURNING id, phone, bsuid, username
    )`,
    // with the owner it had: a message on `messages` makes one the other responder had ours again
    // by the contact's index whatever the statistics say: with the organization's condition and
    // the order beside it, the planner walked the organization's open conversations by activity
    // until it met the contact's (bench:lifecycle, 2026-11-30: 293 rows read for one, growing with
    // the organization's open conversations). The fence (OFFSET 0) keeps that condition out of the
    // index choice; a contact's conversations are all its organization's anyway.
    Prisma.sql`cur AS (
      SELECT mine.id, mine.owner, mine.owner_app_id FROM c CROSS JOIN LATERAL (
        SELECT cv.id, cv.owner, cv.owner_app_id, cv.organization_id, cv.last_activity_at FROM conversations cv
        WHERE cv.contact_id = c.id AND cv.status <> 'resolved'
          AND cv.last_activity_at >= ${new Date(writtenAt.getTime() - CONVERSATION_QUIET_MS)}
        ORDER BY cv.last_activity_at DESC, cv.id DESC OFFSET 0
      ) mine
      WHERE mine.organization_id = ${org}::uuid
      ORDER BY mine.last_activity_at DESC, mine.id DESC LIMIT 1
    )`,
    Prisma.sql`cu AS (
      UPDATE contacts ct SET
        -- never backwards: a late-delivered older message does not move the window
        last_inbound_at = GREATEST(ct.last_inbound_at, ${writtenAt}),
        profile_name = COALESCE(${sender.profileName}, ct.profile_name),
        parent_bsuid = COALESCE(${sender.parentBsuid ?? null}, ct.parent_bsuid),
        updated_at = ${now}
      FROM c WHERE ct.id = c.id AND ct.organization_id = ${org}::uuid AND ct.xmin = c.version
      RETURNING ct.id, ct.phone, ct.bsuid, ct.username
    )`,
    Prisma.sql`who AS (
      SELECT id, phone, bsuid, username FROM cu UNION ALL SELECT id, phone, bsuid, username FROM fresh
    )`,
    Prisma.sql`m AS (
      INSERT INTO messages (id, organization_id, channel_id, contact_id, conversation_id, direction, type, content,
                            status, phone, whatsapp_message_id, delivered_at, created_at, updated_at,
                            responder, responder_app_id)
      SELECT ${input.messageId}::uuid, ${org}::uuid, ${channelId}::uuid, who.id,
             COALESCE((SELECT id FROM cur), ${newConversationId}::uuid), 'inbound'::"MessageDirection",
             ${mapped.contentType}, ${JSON.stringify(mapped.content)}::jsonb, 'delivered'::"MessageStatus",
             ${sender.phone}, ${input.whatsappMessageId}, ${now}, ${now}, ${now},
             ${input.standby ? "other" : "us"},
             -- a standby message's responder: the app a handover named for the conversation, if any
             ${
               input.standby
                 ? Prisma.sql`(SELECT cv.owner_app_id FROM conversations cv
                     WHERE cv.id = (SELECT id FROM cur) AND cv.organization_id = ${org}::uuid AND cv.owner = 'other')`
                 : Prisma.sql`NULL::text`
             }
      FROM who
      -- the predicate names the index: it is partial (only messages the upstream has an id for)
      ON CONFLICT (whatsapp_message_id) WHERE whatsapp_message_id IS NOT NULL DO NOTHING
      RETURNING id, contact_id, conversation_id, conversation_id = ${newConversationId}::uuid AS opened, responder_app_id
    )`,
    Prisma.sql`opened AS (
      INSERT INTO conversations (id, organization_id, contact_id, channel_id, status, opened_at, last_activity_at, created_at, updated_at)
      SELECT m.conversation_id, ${org}::uuid, m.contact_id, ${channelId}::uuid, 'open'::"ConversationStatus",
             -- the last activity is the message's own created_at (to the millisecond; touch-conversation.ts)
             ${writtenAt}, ${activity}, ${now}, ${now}
      FROM m WHERE m.opened
    )`,
    Prisma.sql`continued AS (
      UPDATE conversations cv SET last_activity_at = GREATEST(cv.last_activity_at, ${activity}),
             channel_id = COALESCE(cv.channel_id, ${channelId}::uuid), updated_at = ${now}${
               input.standby ? Prisma.empty : Prisma.sql`, owner = 'us', owner_app_id = NULL`
             }
      FROM m WHERE cv.id = m.conversation_id AND cv.organization_id = ${org}::uuid AND NOT m.opened
    )`,
    // lib/broadcasts/mark-replied.ts (markRecipientsReplied): delivered in the 24 hours before the customer wrote
    Prisma.sql`replied AS (
      UPDATE broadcast_recipients br SET replied_at = ${writtenAt}
      WHERE br.contact_id = (SELECT contact_id FROM m) AND br.organization_id = ${org}::uuid
        AND br.replied_at IS NULL AND br.status IN ('delivered', 'read')
        AND br.delivered_at > ${new Date(writtenAt.getTime() - REPLY_WINDOW_MS)} AND br.delivered_at <= ${writtenAt}
    )`,
  ];
  if (media) {
    ctes.push(Prisma.sql`stored_media AS (
      INSERT INTO media (id, organization_id, upstream_id, mime_type, filename, sha256, created_at)
      SELECT m.id, ${org}::uuid, ${media.upstreamId}, ${media.mimeType}, ${media.filename ?? null},
             ${media.sha256 ?? null}, ${now}
      FROM m
    )`);
  }
  if (input.touchChannel) {
    ctes.push(Prisma.sql`channel AS (
      UPDATE channels SET last_active_at = ${now}, updated_at = ${now}
      WHERE id = ${channelId}::uuid AND organization_id = ${org}::uuid AND EXISTS (SELECT 1 FROM m)
        AND (last_active_at IS NULL OR last_active_at < ${new Date(now.getTime() - CHANNEL_TOUCH_EVERY_MS)})
    )`);
  }
  if (input.notificationId) {
    ctes.push(Prisma.sql`processed AS (
      UPDATE upstream_notifications SET processed_at = ${now}
      WHERE id = ${input.notificationId}::uuid AND (EXISTS (SELECT 1 FROM m) OR (SELECT duplicate FROM seen))
      RETURNING id
    )`);
  }
  // the events, written by the outbox's one shape (lib/events/outbox-sql.ts) with their deliveries
  const events = Prisma.sql`
    SELECT ${org}::uuid AS organization_id, 'contact.created' AS event_name,
           ${JSON.stringify(createdData)}::jsonb AS event_data FROM fresh
    UNION ALL
    SELECT ${org}::uuid, 'conversation.opened',
           ${JSON.stringify(openedData)}::jsonb || jsonb_build_object('contactId', m.contact_id)
    FROM m WHERE m.opened
    UNION ALL
    SELECT ${org}::uuid, 'message.inbound',
           ${JSON.stringify(inboundData)}::jsonb || ${
             input.standby
               ? Prisma.sql`jsonb_build_object('responderAppId', m.responder_app_id) ||`
               : Prisma.empty
           } jsonb_build_object(
             'conversationId', m.conversation_id, 'contactId', m.contact_id,
             'sender', jsonb_build_object(
               'phone', COALESCE(${digits}, CASE WHEN left(who.phone, 1) = '+' THEN substr(who.phone, 2) ELSE who.phone END),
               'name', ${sender.profileName}::text,
               'bsuid', COALESCE(${sender.bsuid}, who.bsuid),
               'username', COALESCE(${sender.username ?? null}, who.username)))
    FROM m JOIN who ON who.id = m.contact_id${
      input.standby
        ? Prisma.empty
        : Prisma.sql`
    UNION ALL
    SELECT ${org}::uuid, 'conversation.owner_changed',
           ${JSON.stringify(ownerBackData)}::jsonb || jsonb_build_object(
             'conversationId', m.conversation_id, 'contactId', m.contact_id,
             'previousOwner', jsonb_build_object('owner', 'other', 'appId', cur.owner_app_id))
    FROM m JOIN cur ON cur.id = m.conversation_id WHERE NOT m.opened AND cur.owner = 'other'`
    }`;
  const [row] = await rawQuery<
    { duplicate: boolean; inserted: boolean; ordered_delivery_ids: string[]; processed: boolean }[]
  >(
    outboxSql(org, ctes, events, now, [
      Prisma.sql`(SELECT duplicate FROM seen) AS duplicate`,
      Prisma.sql`EXISTS (SELECT 1 FROM m) AS inserted`,
      // in the order the full path records them (and enqueues their deliveries)
      Prisma.sql`coalesce((SELECT array_agg(d.id ORDER BY array_position(${EVENT_ORDER}::text[], ev.name))
                           FROM d JOIN ev ON ev.id = d.event_id), ARRAY[]::text[]) AS ordered_delivery_ids`,
      input.notificationId
        ? Prisma.sql`EXISTS (SELECT 1 FROM processed) AS processed`
        : Prisma.sql`false AS processed`,
    ]),
  );
  const marked = row?.processed === true;
  if (row?.inserted) return { outcome: "stored", deliveryIds: row.ordered_delivery_ids, marked };
  return row?.duplicate ? { outcome: "duplicate", marked } : { outcome: "other" };
}
