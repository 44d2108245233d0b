import "#server-only";
import { db } from "@/lib/db";
import type { Conversation, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `conversations` table, one conversation at a time (docs/architecture.md "Repositories"):
 * every function takes the organization first and reads and writes only that organization's
 * rows, so an id of another organization finds and changes nothing, whatever the caller read
 * before. `client` lets a caller's transaction hold the statement.
 */

type Client = Prisma.TransactionClient;

export type NewConversation = Omit<Prisma.ConversationUncheckedCreateInput, "organizationId">;

export function findConversation(
  organizationId: string,
  id: string,
  client: Client = db(),
): Promise<Conversation | null> {
  return client.conversation.findFirst({ where: { id, organizationId } });
}

/** The conversation with its contact's number and user id (a reply's address), or null. */
export function findConversationWithContact(organizationId: string, id: string) {
  return db().conversation.findFirst({
    where: { id, organizationId },
    include: { contact: { select: { phone: true, bsuid: true } } },
  });
}

/** The conversation with its contact's number and user id and its channel (thread control), or null. */
export function findConversationWithChannel(organizationId: string, id: string) {
  return db().conversation.findFirst({
    where: { id, organizationId },
    include: { contact: { select: { phone: true, bsuid: true } }, channel: true },
  });
}

/**
 * The latest conversation first; two with the same last activity (one statement touched both) by
 * id, so that every path picks the same one: the inbound and outbound statements say the same
 * (`ORDER BY last_activity_at DESC, id DESC` in lib/inbound/repository/ordinary-inbound.ts and
 * lib/messages/repository/outbound.ts), and lib/inbound/inbound-paths.property.test.ts holds them to it.
 */
export const LATEST_FIRST: Prisma.ConversationOrderByWithRelationInput[] = [
  { lastActivityAt: "desc" },
  { id: "desc" },
];

/**
 * The contact's conversation that a message at this time continues: the latest not resolved
 * whose last activity is at or after `activeSince`, or null (the inbound path's).
 */
export function findContinuedConversation(
  organizationId: string,
  contactId: string,
  activeSince: Date,
  client: Client,
): Promise<Conversation | null> {
  return client.conversation.findFirst({
    where: { organizationId, contactId, status: { not: "resolved" }, lastActivityAt: { gte: activeSince } },
    orderBy: LATEST_FIRST,
  });
}

/** The contact's latest conversation, whatever its status (a history chunk's thread), or null. */
export function findLatestConversationOfContact(
  organizationId: string,
  contactId: string,
  client: Client,
): Promise<{ id: string } | null> {
  return client.conversation.findFirst({
    where: { organizationId, contactId },
    orderBy: LATEST_FIRST,
    select: { id: true },
  });
}

/** The contact's conversation that is not resolved, other than `exceptId`, or null. */
export function findOtherOpenConversation(
  organizationId: string,
  contactId: string,
  exceptId: string,
  client: Client,
): Promise<{ id: string } | null> {
  return client.conversation.findFirst({
    where: { organizationId, contactId, status: { not: "resolved" }, id: { not: exceptId } },
    select: { id: true },
  });
}

export function insertConversation(
  organizationId: string,
  row: NewConversation,
  client: Client,
): Promise<Conversation> {
  return client.conversation.create({ data: { ...row, organizationId } });
}

/**
 * Writes the conversation and answers it as written, in one statement; throws Prisma's not-found
 * when the organization has no conversation by that id.
 */
export function updateConversation(
  organizationId: string,
  id: string,
  data: Prisma.ConversationUncheckedUpdateInput,
  client: Client,
): Promise<Conversation> {
  return client.conversation.update({ where: { id, organizationId }, data });
}

/**
 * Locks the contact's row for the caller's transaction without changing it: every path that opens
 * a conversation writes the contact first, so two of them for one customer are serialized
 * (lib/messages/repository/outbound.ts). A `contacts` statement, here because it belongs
 * to opening a conversation.
 */
export async function lockContactForConversation(
  organizationId: string,
  contactId: string,
  client: Client,
): Promise<void> {
  await client.$executeRaw`UPDATE contacts SET updated_at = updated_at
    WHERE id = ${contactId}::uuid AND organization_id = ${organizationId}::uuid`;
}
