import "#server-only";
import { type CallWithContact, callInclude } from "@/lib/calls/call-json";
import { LATEST_FIRST } from "@/lib/conversations/repository/conversations";
import { db } from "@/lib/db";
import type { Call, Contact, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `calls` and `call_permission_requests` tables (docs/architecture.md "Repositories"), with
 * the few rows of other resources a call needs: the customer by phone number, their open
 * conversation, the names of the staff who answered. Every function takes the organization first
 * and reads and writes only that organization's rows, so an id of another organization finds and
 * changes nothing, whatever the caller read before. `client` lets a caller's transaction hold the
 * statement. The ring-timeout sweeper, across organizations on purpose, is
 * lib/calls/sweep-ringing-calls.ts (docs/security.md).
 */

type Client = Prisma.TransactionClient;

/** Writable columns (the organization and id are the repository's). */
export type CallChanges = Prisma.CallUpdateManyMutationInput;
/** A call's row; its channel, contact and conversation must be the organization's. */
export type NewCall = Omit<Prisma.CallUncheckedCreateInput, "organizationId" | "id"> & {
  contactId: string;
  conversationId: string | null;
};

/** The organization's call with its customer's phone and its channel, or null. */
export function findCallWithChannel(organizationId: string, id: string) {
  return db().call.findFirst({
    where: { id, organizationId },
    include: { ...callInclude, channel: true },
  });
}

/** The organization's call with its customer's phone; throws (Prisma's not-found) when it has none by that id. */
export function getCallWithContact(
  organizationId: string,
  id: string,
  client: Client = db(),
): Promise<CallWithContact> {
  return client.call.findFirstOrThrow({ where: { id, organizationId }, include: callInclude });
}

/** The organization's call as stored; throws (Prisma's not-found) when it has none by that id. */
export function getCall(organizationId: string, id: string): Promise<Call> {
  return db().call.findFirstOrThrow({ where: { id, organizationId } });
}

/**
 * The organization's call the upstream names on the channel (its `calls` notifications), with its
 * customer's phone, or null.
 */
export function findCallByUpstreamId(
  organizationId: string,
  channelId: string,
  upstreamId: string,
  client: Client,
): Promise<CallWithContact | null> {
  return client.call.findUnique({
    where: { channelId_upstreamId: { channelId, upstreamId }, organizationId },
    include: callInclude,
  });
}

/** Whether the organization has the call the upstream names on the channel (a `connect` heard twice). */
export async function hasCallOfUpstreamId(
  organizationId: string,
  channelId: string,
  upstreamId: string,
  client: Client,
): Promise<boolean> {
  const call = await client.call.findUnique({
    where: { channelId_upstreamId: { channelId, upstreamId }, organizationId },
    select: { id: true },
  });
  return call !== null;
}

/** The organization's calls, newest first, with the total. */
export async function listCallRows(
  organizationId: string,
  filter: { channelId?: string; state?: string; direction?: string; page: number; perPage: number },
): Promise<{ rows: CallWithContact[]; total: number }> {
  const where = {
    organizationId,
    ...(filter.channelId ? { channelId: filter.channelId } : {}),
    ...(filter.state ? { state: filter.state } : {}),
    ...(filter.direction ? { direction: filter.direction } : {}),
  };
  const [rows, total] = await Promise.all([
    db().call.findMany({
      where,
      include: callInclude,
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      skip: (filter.page - 1) * filter.perPage,
      take: filter.perPage,
    }),
    db().call.count({ where }),
  ]);
  return { rows, total };
}

/** What the dashboard's ringing notice shows of a call: its customer and channel by name. */
const liveInclude = {
  contact: { select: { name: true, profileName: true, phone: true } },
  channel: { select: { name: true } },
} as const;

/** The organization's call as the ringing notice shows it; throws (Prisma's not-found) when it has none by that id. */
export function getLiveCall(organizationId: string, id: string) {
  return db().call.findFirstOrThrow({ where: { id, organizationId }, include: liveInclude });
}

/**
 * The organization's customer calls the ringing notice shows: ringing since `ringingSince`, the one
 * `userId` is on, and those that left ringing since `recentSince`; oldest first, 20 at most.
 */
export function listLiveCalls(
  organizationId: string,
  { userId, ringingSince, recentSince }: { userId: string; ringingSince: Date; recentSince: Date },
) {
  return db().call.findMany({
    where: {
      organizationId,
      direction: "user_initiated",
      OR: [
        { state: "ringing", startedAt: { gte: ringingSince } },
        { state: { in: ["accepted", "connected"] }, answeredBy: userId },
        { state: { not: "ringing" }, updatedAt: { gte: recentSince } },
      ],
    },
    include: liveInclude,
    orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    take: 20,
  });
}

/** The names (else e-mails) of the organization's staff among these ids. */
export async function findStaffNames(organizationId: string, ids: string[]): Promise<Map<string, string>> {
  const users = await db().user.findMany({
    where: { organizationId, id: { in: ids } },
    select: { id: true, name: true, email: true },
  });
  return new Map(users.map((u) => [u.id, u.name ?? u.email]));
}

/**
 * Changes the call only while it still matches `condition` (a state it must be in, nobody
 * answering it, …): a race with a notification or another staff member is won by one writer.
 * Answers how many rows changed (0 or 1).
 */
export async function updateCallIf(
  organizationId: string,
  id: string,
  condition: Prisma.CallWhereInput,
  data: CallChanges,
  client: Client = db(),
): Promise<number> {
  const { count } = await client.call.updateMany({ where: { ...condition, id, organizationId }, data });
  return count;
}

/** Changes the call and answers it with its customer's phone; Prisma's not-found (P2025) when the organization has none by that id. */
export function updateCallRow(
  organizationId: string,
  id: string,
  data: CallChanges,
): Promise<CallWithContact> {
  return db().call.update({ where: { id, organizationId }, data, include: callInclude });
}

/** Inserts the call; Prisma's not-found when its channel, contact or conversation is not the organization's. */
export function insertCall(
  organizationId: string,
  row: NewCall,
  client: Client = db(),
): Promise<CallWithContact> {
  const { channelId, contactId, conversationId, ...fields } = row;
  return client.call.create({
    data: {
      ...fields,
      organization: { connect: { id: organizationId } },
      channel: { connect: { id: channelId, organizationId } },
      contact: { connect: { id: contactId, organizationId } },
      ...(conversationId ? { conversation: { connect: { id: conversationId, organizationId } } } : {}),
    },
    include: callInclude,
  });
}

/** The organization's contact with this phone number (E.164), or null. */
export function findContactByPhone(organizationId: string, phone: string): Promise<Contact | null> {
  return db().contact.findUnique({ where: { organizationId_phone: { organizationId, phone } } });
}

/** The customer's open conversation on the channel, the latest active, when one exists. */
export async function findOpenConversationId(
  organizationId: string,
  contactId: string,
  channelId: string,
  client: Client = db(),
): Promise<string | null> {
  const conversation = await client.conversation.findFirst({
    where: { organizationId, contactId, channelId, status: "open" },
    orderBy: LATEST_FIRST,
    select: { id: true },
  });
  return conversation?.id ?? null;
}

/** When the customer's latest connected call on the channel connected, or null. */
export async function findLastConnectedAt(
  organizationId: string,
  contactId: string,
  channelId: string,
): Promise<Date | null> {
  const call = await db().call.findFirst({
    where: { organizationId, contactId, channelId, connectedAt: { not: null } },
    orderBy: { connectedAt: "desc" },
    select: { connectedAt: true },
  });
  return call?.connectedAt ?? null;
}

/** When each call permission request to the customer on the channel after `after` was sent, oldest first. */
export async function listPermissionRequestTimes(
  organizationId: string,
  contactId: string,
  channelId: string,
  after: Date,
): Promise<Date[]> {
  const rows = await db().callPermissionRequest.findMany({
    where: { organizationId, contactId, channelId, createdAt: { gt: after } },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  return rows.map((r) => r.createdAt);
}

/** Counts a request sent; Prisma's not-found when its channel or contact is not the organization's. */
export function insertPermissionRequest(
  organizationId: string,
  row: { channelId: string; contactId: string; wamid: string | null },
) {
  return db().callPermissionRequest.create({
    data: {
      wamid: row.wamid,
      organization: { connect: { id: organizationId } },
      channel: { connect: { id: row.channelId, organizationId } },
      contact: { connect: { id: row.contactId, organizationId } },
    },
  });
}
