import "#server-only";
import type { Pacing } from "@/lib/cloud-api/post-send";
import { db, rawExecute, rawQuery } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { eventDataSql, type OutboxPerRowResult, omitNull } from "@/lib/events/outbox-sql";
import { withEventSql } from "@/lib/events/repository";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { statusEventColumns } from "@/lib/messages/transitions/status-event-columns";
import { startDeliveries } from "@/lib/webhooks/start-deliveries";

type Sent = { messageId: string; wamid: string; pacing: Pacing };
type SentOf = Sent & { organizationId: string };
type SentResult = { changed: boolean; deliveryIds: string[]; sentAt: Date };

/**
 * One statement: the Message moves to sent and message.sent is recorded with its deliveries.
 * The sends that finish together share that statement (group commit), each with its own wamid.
 * A template the send answer held (Meta's template pacing, `pacing`) is `sent` too (accepted,
 * as the contract's send answer says) with its `pacing` kept, and records message.held instead:
 * message.sent follows when WhatsApp's `sent` status releases it (plan-upstream-status.ts).
 * Answers when it was recorded sent.
 */
export async function markSent(
  organizationId: string,
  messageId: string,
  wamid: string,
  pacing: Pacing = null,
): Promise<Date> {
  const { changed, deliveryIds, sentAt } = await markSentTogether({
    organizationId,
    messageId,
    wamid,
    pacing,
  });
  if (!changed) {
    // a status notification got here first and moved the message on: keep its wamid only
    await db().message.updateMany({
      where: { id: messageId, organizationId, whatsappMessageId: null },
      data: { whatsappMessageId: wamid },
    });
  }
  await startDeliveries(deliveryIds);
  return sentAt;
}

/** Sends of any organizations share the statement: each message is matched on its (id, organization). */
const markSentTogether = groupCommit<SentOf, SentResult>((sends) => markSentMany(sends));

/** A broadcast's batch (of one organization) `sent` with its message.sent events in one statement. */
export async function markBatchSent(organizationId: string, sent: Sent[]): Promise<void> {
  const results = await markSentMany(sent.map((s) => ({ ...s, organizationId })));
  // a status notification got there first and moved a message on: keep its wamid only
  const late = sent.filter((_, i) => !results[i]?.changed);
  if (late.length > 0) {
    await rawExecute`
      UPDATE messages SET whatsapp_message_id = v.wamid
      FROM unnest(${late.map((s) => s.messageId)}::uuid[], ${late.map((s) => s.wamid)}::text[]) AS v(id, wamid)
      WHERE messages.id = v.id AND messages.organization_id = ${organizationId}::uuid
        AND messages.whatsapp_message_id IS NULL`;
  }
  await enqueueDeliveries(results.flatMap((r) => r.deliveryIds));
}

/** Many messages `sent` with their message.sent (or message.held) events in one statement (by primary key: claim-sending.ts). */
async function markSentMany(sends: SentOf[]): Promise<SentResult[]> {
  const sentAt = new Date();
  const ids = sends.map((s) => s.messageId);
  const orgs = sends.map((s) => s.organizationId);
  const wamids = sends.map((s) => s.wamid);
  const pacings = sends.map((s) => s.pacing);
  // message.held's data is message.sent's with `pacing`, which is left out where it is NULL
  const data = eventDataSql("message.held", {
    ...statusEventColumns(sentAt),
    status: Prisma.sql`'sent'::text`,
    pacing: omitNull(Prisma.sql`pacing::text`),
  });
  const [result] = await rawQuery<OutboxPerRowResult[]>(
    withEventSql(
      orgs,
      Prisma.sql`UPDATE messages SET status = 'sent', whatsapp_message_id = v.sent_wamid, sent_at = ${sentAt}, updated_at = ${sentAt},
            pacing = v.sent_pacing::"MessagePacing"
          FROM unnest(${ids}::uuid[], ${orgs}::uuid[], ${wamids}::text[], ${pacings}::text[])
            AS v(sent_id, sent_org, sent_wamid, sent_pacing)
          WHERE messages.id = v.sent_id AND messages.organization_id = v.sent_org AND messages.status::text = 'sending'
          RETURNING messages.organization_id,
            CASE WHEN messages.pacing IS NULL THEN 'message.sent' ELSE 'message.held' END AS event_name, ${data}`,
      Prisma.sql`src.event_name`,
      sentAt,
      "messageId",
    ),
  );
  const changed = new Set(result?.changed_refs ?? []);
  const deliveries = new Map<string, string[]>();
  for (const [messageId, deliveryId] of result?.deliveries_by_ref ?? []) {
    deliveries.set(messageId, [...(deliveries.get(messageId) ?? []), deliveryId]);
  }
  return sends.map((s) => ({
    changed: changed.has(s.messageId),
    deliveryIds: deliveries.get(s.messageId) ?? [],
    sentAt,
  }));
}
