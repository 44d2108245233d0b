import "#server-only";
import { LATEST_FIRST } from "@/lib/conversations/repository/conversations";
import { db, rawQuery } from "@/lib/db";
import { eventDataSql } from "@/lib/events/outbox-sql";
import { outboxSql } from "@/lib/events/repository";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The owner of a conversation under Meta's conversation routing, in the `conversations` table
 * (docs/architecture.md "Repositories"): every function takes the organization first and reads
 * and writes only that organization's rows.
 */

/**
 * Who answers a conversation under Meta's conversation routing (a number with a second
 * responder, e.g. Meta Business Agent): "us" (this service) or "other", with the other
 * responder's app id (or role) when Meta named it.
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messaging-handovers/
 */
export type ConversationOwner = { owner: "us" | "other"; appId: string | null };

export type OwnerChangeReason =
  | "control_passed"
  | "control_taken"
  | "standby"
  | "messages"
  | "take"
  | "release"
  | "pass"
  | "reply";

/**
 * Sets a conversation's owner and records `conversation.owner_changed` through the outbox in
 * the same statement, only when it changes (a repeated notification changes nothing and records
 * nothing). `onlyFrom`: change it only when its owner is that one now (a standby message makes
 * a conversation of ours the other's, and keeps the app id a handover named). Scoped to the
 * organization: another organization's conversation id changes nothing.
 */
export async function changeConversationOwner(
  organizationId: string,
  input: {
    conversationId: string;
    owner: ConversationOwner;
    reason: OwnerChangeReason;
    onlyFrom?: "us" | "other";
    at?: Date;
  },
): Promise<{ changed: boolean; deliveryIds: string[]; previous: ConversationOwner | null }> {
  const at = input.at ?? new Date();
  const { owner, appId } = input.owner;
  const ctes = [
    Prisma.sql`prev AS (
      SELECT id, owner, owner_app_id, contact_id, channel_id FROM conversations
      WHERE id = ${input.conversationId}::uuid AND organization_id = ${organizationId}::uuid
      FOR UPDATE
    )`,
    Prisma.sql`ch AS (
      UPDATE conversations cv SET owner = ${owner}, owner_app_id = ${appId}, updated_at = ${at}
      FROM prev
      WHERE cv.id = prev.id
        AND (prev.owner <> ${owner} OR prev.owner_app_id IS DISTINCT FROM ${appId}::text)
        AND (${input.onlyFrom ?? null}::text IS NULL OR prev.owner = ${input.onlyFrom ?? null})
      RETURNING cv.id, cv.contact_id, cv.channel_id, prev.owner AS prev_owner, prev.owner_app_id AS prev_app_id
    )`,
  ];
  const events = Prisma.sql`
    SELECT ${organizationId}::uuid AS organization_id, 'conversation.owner_changed' AS event_name,
      ${eventDataSql("conversation.owner_changed", {
        conversationId: Prisma.sql`ch.id`,
        contactId: Prisma.sql`ch.contact_id`,
        channelId: Prisma.sql`ch.channel_id`,
        previousOwner: Prisma.sql`jsonb_build_object('owner', ch.prev_owner, 'appId', ch.prev_app_id)`,
        owner: Prisma.sql`jsonb_build_object('owner', ${owner}::text, 'appId', ${appId}::text)`,
        reason: Prisma.sql`${input.reason}::text`,
        timestamp: Prisma.sql`${at.toISOString()}::text`,
      })}
    FROM ch`;
  const [row] = await rawQuery<
    { delivery_ids: string[]; changed: boolean; prev_owner: string | null; prev_app_id: string | null }[]
  >(
    outboxSql(organizationId, ctes, events, at, [
      Prisma.sql`EXISTS (SELECT 1 FROM ch) AS changed`,
      Prisma.sql`(SELECT prev_owner FROM ch) AS prev_owner`,
      Prisma.sql`(SELECT prev_app_id FROM ch) AS prev_app_id`,
    ]),
  );
  const changed = row?.changed === true;
  return {
    changed,
    deliveryIds: row?.delivery_ids ?? [],
    previous:
      changed && row ? { owner: row.prev_owner === "other" ? "other" : "us", appId: row.prev_app_id } : null,
  };
}

/**
 * The conversation Meta's routing notifications are about: the latest one of the customer
 * (by number or business-scoped user id) on the channel, whatever its status (Meta routes the
 * customer's thread, not one of our conversations).
 */
export async function latestConversationOf(
  organizationId: string,
  channelId: string,
  customer: { phone: string | null; bsuid: string | null },
): Promise<{ id: string } | null> {
  if (!customer.phone && !customer.bsuid) return null;
  return db().conversation.findFirst({
    where: {
      organizationId,
      OR: [{ channelId }, { channelId: null }],
      contact: customer.phone ? { phone: customer.phone } : { bsuid: customer.bsuid },
    },
    orderBy: LATEST_FIRST,
    select: { id: true },
  });
}

/**
 * The conversation a message of the organization belongs to, or null (a send's takeover). A
 * `messages` statement, here because it belongs to the takeover.
 */
export async function findMessageConversationId(
  organizationId: string,
  messageId: string,
): Promise<string | null> {
  const message = await db().message.findFirst({
    where: { id: messageId, organizationId },
    select: { conversationId: true },
  });
  return message?.conversationId ?? null;
}
