import "#server-only";
import { eventDataSql } from "@/lib/events/outbox-sql";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The conversation of an outbound message, one rule for every message the business sends
 * through us (a single send, a dashboard reply, each message of a broadcast), written once as
 * the CTEs of the statement that stores them (lib/messages/store-outbound-message.ts):
 *
 * - the contact's open conversation (not resolved; the latest active if several) takes it;
 * - a contact with none gets a new `open` conversation (`conversation.opened`): a resolved one
 *   is never reopened, as a customer's message after resolution opens a new one;
 * - the message's time becomes the conversation's last activity, so that the customer's answer
 *   (lib/inbound/: not resolved and active within 24 hours) continues the same conversation.
 *
 * `ok` is the CTE of the rows to store: `mid`, `n`, `org_id`, `chan_id`, `contact_id` and the
 * contact row's `version` (xmin) as the statement read it. Set-based: one lookup per distinct
 * contact, one insert and one update for the whole batch.
 *
 * A conversation is opened only for a contact whose row is still the version read, and that row
 * is rewritten (same values, new version) in the same statement. Every path that opens a
 * conversation writes the contact row first, so a concurrent opener (the customer's message
 * arriving now, another process's send) either waits for this statement and then sees its
 * conversation, or has changed the row, and this statement opens nothing for that contact:
 * its rows come back `raced` and are stored by the next statement, which sees the other's
 * conversation. Never two open conversations from a race.
 *
 * Adds the CTEs `cur`, `opening`, `claimed`, `opened`, `continued` and `conv` (contact_id, id):
 * the conversation of each contact that gets one.
 */
export function outboundConversationCtes(now: Date): Prisma.Sql[] {
  return [
    Prisma.sql`cur AS (
      SELECT k.contact_id, cv.id FROM (SELECT DISTINCT ok.org_id, ok.contact_id FROM ok) k
      CROSS JOIN LATERAL (
        -- by the contact's index whatever the statistics say: with the organization's condition
        -- beside it, a table not yet analyzed (conversations grown from none during a broadcast)
        -- was read through the organization's index, every open conversation of it per contact
        -- (bench:broadcast, 2026-11-29). The fence (OFFSET 0) keeps that condition out of the
        -- index choice; a contact's conversations are all its organization's anyway.
        SELECT mine.id FROM (
          SELECT id, organization_id FROM conversations
          WHERE contact_id = k.contact_id AND status <> 'resolved'
          ORDER BY last_activity_at DESC OFFSET 0
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
      FROM opening o WHERE ct.id = o.contact_id AND ct.xmin = o.version
      RETURNING ct.id AS contact_id
    )`,
    Prisma.sql`opened AS (
      INSERT INTO conversations (id, organization_id, contact_id, channel_id, status, opened_at, last_activity_at,
                                 created_at, updated_at)
      SELECT o.id, o.org_id, o.contact_id, o.chan_id, 'open'::"ConversationStatus", ${now}, ${now}, ${now}, ${now}
      FROM opening o JOIN claimed ON claimed.contact_id = o.contact_id
      RETURNING id, organization_id, contact_id, channel_id
    )`,
    Prisma.sql`continued AS (
      UPDATE conversations cv SET last_activity_at = GREATEST(cv.last_activity_at, ${now}), updated_at = ${now}
      FROM cur WHERE cv.id = cur.id
    )`,
    Prisma.sql`conv AS (
      SELECT contact_id, id FROM cur UNION ALL SELECT contact_id, id FROM opened
    )`,
  ];
}

/** The `conversation.opened` events of the conversations `outboundConversationCtes` opened (for outboxSql). */
export function outboundConversationEvents(now: Date): Prisma.Sql {
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
