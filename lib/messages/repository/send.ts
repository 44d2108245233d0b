import "#server-only";
import { db, rawExecute, rawQuery } from "@/lib/db";
import type { Message } from "@/lib/generated/prisma/client.ts";

/**
 * The `messages` table, the send path's reads and its bookkeeping outside the status transitions
 * (docs/architecture.md "Repositories"): every function takes the organization first and reads and
 * writes only that organization's rows, so the worker's job (which names its organization, the
 * `{sends}` job) or a broadcast's batch acts on nothing of another organization's. The status
 * writes are lib/messages/transitions/'s; the statement storing a send is `repository/outbound.ts`.
 */

/** Whether a message of the organization has this Flow token (tokens name one message each). */
export async function isFlowTokenTaken(organizationId: string, flowToken: string): Promise<boolean> {
  const found = await db().message.findFirst({
    where: { organizationId, flowToken },
    select: { id: true },
  });
  return found !== null;
}

export type QueuedSend = { channel_id: string | null; cloud: unknown };

/**
 * A message of the organization still `queued`: its channel and the body to post (a job the
 * sweeper queued again, whose channel the job does not name), or null.
 */
export async function findQueuedSend(organizationId: string, id: string): Promise<QueuedSend | null> {
  const [pending] = await rawQuery<QueuedSend[]>`
    SELECT channel_id, content -> 'cloud' AS cloud FROM messages
    WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND status = 'queued'`;
  return pending ?? null;
}

/** What a send of the organization came to, as a job that found it claimed already answers it, or null. */
export function findSendOutcome(
  organizationId: string,
  id: string,
): Promise<Pick<Message, "status" | "errorDetails" | "whatsappMessageId" | "sentAt" | "pacing"> | null> {
  return db().message.findFirst({
    where: { id, organizationId },
    select: { status: true, errorDetails: true, whatsappMessageId: true, sentAt: true, pacing: true },
  });
}

/**
 * The organization's messages the Marketing Messages API took (post-send.ts sends a MARKETING
 * template there on a channel that has it), for the usage page and the rate card: one statement
 * for a single send and for a broadcast's batch.
 */
export async function markMarketingApi(organizationId: string, ids: string[]): Promise<void> {
  await rawExecute`
    UPDATE messages SET upstream_api = 'marketing_messages'
    WHERE id = ANY (${ids}::uuid[]) AND organization_id = ${organizationId}::uuid`;
}
