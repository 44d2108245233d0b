import "#server-only";
import { db, rawQuery } from "@/lib/db";
import type { Message, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `messages` rows the upstream's notifications write (docs/architecture.md "Repositories"):
 * a customer's message the full path stores, the Business app's echoes, its history, edits and
 * revokes, and the reads they make first. Every function takes the organization first and reads
 * and writes only its rows, so an id of another organization finds and changes nothing, whatever
 * the caller read before. `client` lets a caller's transaction hold the statement. Here, beside
 * the inbound fast path (`ordinary-inbound.ts`), rather than in lib/messages/repository.ts: they
 * are the inbound operation's statements, and the fast path must agree with them.
 */

type Client = Prisma.TransactionClient;

/** A message's row; its channel, contact and conversation must be the organization's. */
export type NewMessage = Omit<Prisma.MessageCreateManyInput, "organizationId">;

/**
 * Whether a message with this upstream id (wamid) is stored: "ours" in the organization, "other"
 * in another, null when none is. The id is unique across organizations
 * (messages_whatsapp_message_id_key), so one stored anywhere can never be stored again; nothing
 * of another organization's row is read but that it exists.
 */
export async function findStoredUpstreamId(
  organizationId: string,
  whatsappMessageId: string,
): Promise<"ours" | "other" | null> {
  const [row] = await rawQuery<{ ours: boolean }[]>`
    SELECT organization_id = ${organizationId}::uuid AS ours FROM messages
    WHERE whatsapp_message_id = ${whatsappMessageId}`;
  return row ? (row.ours ? "ours" : "other") : null;
}

/** The organization's message of this upstream id (a reaction's target), or null. */
export async function findMessageIdByUpstreamId(
  organizationId: string,
  whatsappMessageId: string,
): Promise<string | null> {
  const message = await db().message.findFirst({
    where: { whatsappMessageId, organizationId },
    select: { id: true },
  });
  return message?.id ?? null;
}

/**
 * The organization's Flow message a completed Flow's token names, or null. The token is refused
 * when reused, but two concurrent sends may both hold it: the latest.
 */
export function findFlowMessage(
  organizationId: string,
  flowToken: string,
): Promise<{ id: string; broadcastId: string | null } | null> {
  return db().message.findFirst({
    where: { organizationId, flowToken },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, broadcastId: true },
  });
}

export async function insertMessage(organizationId: string, row: NewMessage, client: Client): Promise<void> {
  await client.message.create({ data: { ...row, organizationId } });
}

/** Inserts the rows, skipping any whose upstream id is stored (a history chunk sent twice). */
export async function insertMessages(
  organizationId: string,
  rows: NewMessage[],
  client: Client,
): Promise<void> {
  await client.message.createMany({
    data: rows.map((r) => ({ ...r, organizationId })),
    skipDuplicates: true,
  });
}

/** The Flow message is answered: its token no longer opens the data endpoint. */
export async function closeFlowMessage(
  organizationId: string,
  id: string,
  at: Date,
  client: Client,
): Promise<void> {
  await client.message.updateMany({
    where: { id, organizationId, flowClosedAt: null },
    data: { flowClosedAt: at },
  });
}

/** The organization's messages of the channel with these upstream ids, each with its media row's id if any. */
export function findChannelMessagesByUpstreamId(
  organizationId: string,
  channelId: string,
  whatsappMessageIds: string[],
  client: Client,
) {
  return client.message.findMany({
    where: { organizationId, channelId, whatsappMessageId: { in: whatsappMessageIds } },
    select: { id: true, whatsappMessageId: true, media: { select: { id: true } } },
  });
}

/**
 * Locks the organization's message of this upstream id for the caller's transaction (an edit or
 * revoke of it) and answers its id, or null.
 */
export async function lockMessageByUpstreamId(
  organizationId: string,
  whatsappMessageId: string,
  client: Client,
): Promise<string | null> {
  const [row] = await client.$queryRaw<{ id: string }[]>`
    SELECT id FROM messages
    WHERE whatsapp_message_id = ${whatsappMessageId} AND organization_id = ${organizationId}::uuid
    FOR UPDATE`;
  return row?.id ?? null;
}

/** The organization's message; throws (Prisma's not-found) when it has none by that id. */
export function getMessageRow(organizationId: string, id: string, client: Client): Promise<Message> {
  return client.message.findUniqueOrThrow({ where: { id, organizationId } });
}

/** Writes the message; throws Prisma's not-found when the organization has none by that id. */
export async function updateMessageRow(
  organizationId: string,
  id: string,
  data: Prisma.MessageUncheckedUpdateInput,
  client: Client,
): Promise<void> {
  await client.message.update({ where: { id, organizationId }, data });
}
