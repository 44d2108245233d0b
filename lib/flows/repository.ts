import "#server-only";
import { isOwnChannel } from "@/lib/channels/repository";
import { db, rawQuery } from "@/lib/db";
import type { Flow, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `flows` table (docs/architecture.md "Repositories"), with what a Flow's answers are read
 * from: the organization's messages, its templates and the answering contacts (part of reading a
 * Flow's answers, so here). Every function takes the organization first and reads and writes only
 * that organization's rows, so an id of another organization finds and changes nothing, whatever
 * the caller read before. `client` lets a caller's transaction hold the statement.
 */

type Client = Prisma.TransactionClient;

/** Writable columns (the organization, channel and Meta's id are the repository's). */
export type FlowChanges = Prisma.FlowUpdateManyMutationInput;
/** A Flow's columns as Meta lists or creates it. */
export type FlowFields = Omit<
  Prisma.FlowUncheckedCreateInput,
  "organizationId" | "channelId" | "upstreamId" | "id"
>;

/** The organization's Flow with its channel, or null. */
export function findFlowWithChannel(organizationId: string, id: string) {
  return db().flow.findFirst({ where: { id, organizationId }, include: { channel: true } });
}

/** The id of the channel's Flow by that name (but `exceptId`), or null: Meta's names are unique per WABA. */
export async function findFlowIdByName(
  organizationId: string,
  channelId: string,
  name: string,
  exceptId?: string,
): Promise<string | null> {
  const flow = await db().flow.findFirst({
    where: { organizationId, channelId, name, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  return flow?.id ?? null;
}

/** The organization's Flows, last changed first, with the total. */
export async function listFlowRows(
  organizationId: string,
  filter: { channelId?: string; status?: string; page: number; perPage: number },
): Promise<{ rows: Flow[]; total: number }> {
  const where = {
    organizationId,
    ...(filter.channelId ? { channelId: filter.channelId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
  const [rows, total] = await Promise.all([
    db().flow.findMany({
      where,
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      skip: (filter.page - 1) * filter.perPage,
      take: filter.perPage,
    }),
    db().flow.count({ where }),
  ]);
  return { rows, total };
}

/**
 * Keeps a Flow just created at Meta: an upsert, since a channel sync running meanwhile may have
 * copied it from Meta already. Null when the channel is not the organization's.
 */
export async function upsertFlowRow(
  organizationId: string,
  channelId: string,
  upstreamId: string,
  data: FlowFields,
): Promise<Flow | null> {
  if (!(await isOwnChannel(organizationId, channelId))) return null;
  return db().flow.upsert({
    where: { channelId_upstreamId: { channelId, upstreamId }, organizationId },
    create: { organizationId, channelId, upstreamId, ...data },
    update: data,
  });
}

/** Changes the Flow and answers it as written; Prisma's not-found (P2025) when the organization has none by that id. */
export function updateFlowRow(
  organizationId: string,
  id: string,
  data: FlowChanges,
  client: Client = db(),
): Promise<Flow> {
  return client.flow.update({ where: { id, organizationId }, data });
}

/** Deletes the Flow; Prisma's not-found (P2025) when the organization has none by that id. */
export async function deleteFlowRow(organizationId: string, id: string): Promise<void> {
  // a channel sync that read Meta's list after the Flow left it may have removed the row already
  // (lib/flows/sync-flows.ts): gone either way is what was asked, not a 500
  await db().flow.deleteMany({ where: { id, organizationId } });
}

/** The Flow with Meta's id on one of these channels, for a notification about it. */
export function findFlowByUpstreamId(
  organizationId: string,
  upstreamId: string,
  channelIds: string[],
  client: Client = db(),
): Promise<{ id: string; channelId: string } | null> {
  return client.flow.findFirst({
    where: { organizationId, upstreamId, channelId: { in: channelIds } },
    select: { id: true, channelId: true },
  });
}

/** The channel's Flows as a sync compares them with Meta's list. */
export function listChannelFlows(organizationId: string, channelId: string) {
  return db().flow.findMany({
    where: { organizationId, channelId },
    select: {
      upstreamId: true,
      flowJson: true,
      name: true,
      categories: true,
      status: true,
      validationErrors: true,
    },
  });
}

/**
 * A sync's writes in one transaction: Meta's changes to Flows it listed (unless a Flow changed
 * through us since `listedAt`), Flows found at Meta and not here (kept as they are if created
 * meanwhile), and the channel's Flows older than `listedAt` that Meta's list no longer holds
 * deleted. Nothing is written when the channel is not the organization's; answers how many were
 * deleted.
 */
export function storeSyncedFlows(
  organizationId: string,
  channelId: string,
  sync: {
    listedAt: Date;
    listed: string[];
    changed: { upstreamId: string; data: FlowFields }[];
    added: { upstreamId: string; data: FlowFields }[];
  },
): Promise<number> {
  return db().$transaction(async (tx) => {
    if (!(await isOwnChannel(organizationId, channelId, tx))) return 0;
    for (const { upstreamId, data } of sync.changed) {
      await tx.flow.updateMany({
        where: { organizationId, channelId, upstreamId, updatedAt: { lt: sync.listedAt } },
        data,
      });
    }
    if (sync.added.length > 0) {
      await tx.flow.createMany({
        data: sync.added.map(({ upstreamId, data }) => ({ organizationId, channelId, upstreamId, ...data })),
        skipDuplicates: true,
      });
    }
    const { count } = await tx.flow.deleteMany({
      where: {
        organizationId,
        channelId,
        upstreamId: { notIn: sync.listed },
        createdAt: { lt: sync.listedAt },
      },
    });
    // a sync that works clears why the last one failed
    await tx.channel.updateMany({
      where: { id: channelId, organizationId, flowsSyncFailedAt: { not: null } },
      data: { flowsSyncFailedAt: null, flowsSyncError: null },
    });
    return count;
  });
}

/** One answer as read: the inbound message and the Flow message of ours it completes. */
export type FlowAnswerRow = {
  id: string;
  conversation_id: string | null;
  contact_id: string | null;
  created_at: Date;
  flow_message_id: string;
  broadcast_id: string | null;
  flow_response: { flow_token?: unknown; fields?: unknown } | null;
  total: number;
};

/**
 * One range of a Flow's answers, newest first, each row with how many the range holds in all: the
 * organization's inbound `nfm_reply` messages whose flow token led to a Flow message of ours that
 * opened this Flow on its channel, either as an interactive `flow` naming its Meta id or name, or
 * as a template of the organization whose FLOW button names its id.
 */
export function listFlowAnswerRows(
  organizationId: string,
  flow: { channelId: string; upstreamId: string; name: string },
  range: { from: Date; to: Date; limit: number; offset: number },
): Promise<FlowAnswerRow[]> {
  return rawQuery<FlowAnswerRow[]>`
    WITH answers AS (
      SELECT a.id, a.conversation_id, a.contact_id, a.created_at,
             s.id AS flow_message_id, s.broadcast_id,
             a.content -> 'interactive' -> 'flow_response' AS flow_response
      FROM messages a
      JOIN messages s
        ON s.organization_id = a.organization_id
       AND s.id = CASE WHEN a.content -> 'interactive' -> 'flow_response' ->> 'message_id' ~ '^[0-9a-f-]{36}$'
                  THEN (a.content -> 'interactive' -> 'flow_response' ->> 'message_id')::uuid END
      WHERE a.organization_id = ${organizationId}::uuid
        AND a.direction = 'inbound'
        AND a.content -> 'interactive' ->> 'type' = 'flow'
        AND a.created_at >= ${range.from} AND a.created_at < ${range.to}
        AND s.direction = 'outbound'
        AND s.channel_id = ${flow.channelId}::uuid
        AND (
          s.content -> 'cloud' -> 'interactive' -> 'action' -> 'parameters' ->> 'flow_id' = ${flow.upstreamId}
          OR s.content -> 'cloud' -> 'interactive' -> 'action' -> 'parameters' ->> 'flow_name' = ${flow.name}
          OR EXISTS (
            SELECT 1 FROM templates t
            JOIN template_translations tt ON tt.template_id = t.id
            WHERE t.organization_id = ${organizationId}::uuid
              AND t.channel_id = s.channel_id
              AND t.name = s.content -> 'cloud' -> 'template' ->> 'name'
              AND tt.language = s.content -> 'cloud' -> 'template' -> 'language' ->> 'code'
              AND EXISTS (
                SELECT 1 FROM jsonb_path_query(tt.components, '$.**.flow_id') v
                WHERE v #>> '{}' = ${flow.upstreamId}
              )
          )
        )
    )
    SELECT *, (count(*) OVER ())::int AS total FROM answers
    ORDER BY created_at DESC, id DESC
    LIMIT ${range.limit} OFFSET ${range.offset}`;
}

/** The organization's contacts among these ids, as an answer's customer shows them. */
export function findAnswerContacts(organizationId: string, ids: string[]) {
  return db().contact.findMany({
    where: { organizationId, id: { in: ids } },
    select: { id: true, name: true, profileName: true, phone: true, bsuid: true },
  });
}
