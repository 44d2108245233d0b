import "#server-only";
import { rawQuery } from "@/lib/db";
import { outboxSql } from "@/lib/events/repository";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { findReportedMessage } from "@/lib/messages/transitions/find-reported-message";
import {
  planUpstreamStatus,
  type ReadMessage,
  type StatusPlan,
  type UpstreamReport,
} from "@/lib/messages/transitions/plan-upstream-status";

/** Re-reads after a concurrent status moved the message; each one moved it forward, so few are ever needed. */
const MAX_ATTEMPTS = 8;

/**
 * Moves an outbound Message forward on a status notification and emits message.<status> (and
 * the events it implies) with their deliveries, in one statement. `found` was read before it.
 * The decision is made from `found` (planUpstreamStatus) and written only while the message is
 * still in the status it was made from: when another status moved it meanwhile, the statement
 * changes nothing and the message is read again and decided anew. (Optimistic rather than a
 * row lock: the forward-only rule and the payloads stay in TypeScript, held by no transaction;
 * two statuses of one message at the same moment are rare, as the upstream spaces them.)
 * The other columns read from `found` and written back or carried by the events (pricing,
 * conversation, …) may change meanwhile without the status; the outcome is then the one of this
 * statement run first, as a lock would have allowed. With `notificationId` (the stored
 * notification held this status alone) the same statement marks it processed when it writes
 * the message. `organizationId` is `found`'s (the message read by its channel's number): the
 * statement and the re-read are the organization's. Answers the deliveries to enqueue and
 * whether it marked the notification.
 */
export async function applyUpstreamStatus(
  organizationId: string,
  found: ReadMessage,
  report: UpstreamReport,
  notificationId?: string,
): Promise<{ deliveryIds: string[]; marked: boolean }> {
  let current: ReadMessage | null = found;
  for (let attempt = 1; current; attempt++) {
    const plan = planUpstreamStatus(current, report);
    if (!plan) break;
    const [result] = await rawQuery<{ changed: number; delivery_ids: string[]; marked: number }[]>(
      writeSql(organizationId, current, plan, notificationId),
    );
    if (result && result.changed > 0) return { deliveryIds: result.delivery_ids, marked: result.marked > 0 };
    if (attempt >= MAX_ATTEMPTS)
      throw new Error(`message ${found.id} kept moving while a status was applied`);
    current = await findReportedMessage(organizationId, found.id);
  }
  return { deliveryIds: [], marked: false }; // nothing to write, or the message is gone
}

/**
 * The plan's update of the message, guarded by the status it was made from, with its events
 * and, when given and only if the message was written, the notification's processed mark.
 */
function writeSql(
  organizationId: string,
  m: ReadMessage,
  plan: StatusPlan,
  notificationId: string | undefined,
): Prisma.Sql {
  const now = new Date();
  const p = plan.pricing;
  const sets = [
    ...(p
      ? [
          Prisma.sql`pricing = ${JSON.stringify(p.reported)}::jsonb, pricing_category = ${p.reported.category},
            pricing_billable = ${p.billable}, pricing_type = ${p.reported.type}, pricing_country = ${p.country}`,
        ]
      : []),
    ...(plan.clearsPacing ? [Prisma.sql`pacing = NULL`] : []),
    ...(plan.sentAt ? [Prisma.sql`sent_at = ${plan.sentAt}`] : []),
    ...(plan.deliveredAt ? [Prisma.sql`delivered_at = ${plan.deliveredAt}`] : []),
    ...(plan.readAt ? [Prisma.sql`read_at = ${plan.readAt}`] : []),
    ...(plan.failure
      ? [
          Prisma.sql`failed_at = ${plan.failure.at}, error_code = ${plan.failure.code},
            error_message = ${plan.failure.message}, error_details = ${JSON.stringify(plan.failure.details)}::jsonb`,
        ]
      : []),
  ];
  return outboxSql(
    organizationId,
    [
      Prisma.sql`changed AS (
        UPDATE messages SET status = ${plan.status}::"MessageStatus", whatsapp_message_id = ${plan.whatsappMessageId},
          updated_at = ${now}${sets.length > 0 ? Prisma.sql`, ${Prisma.join(sets)}` : Prisma.empty}
        WHERE id = ${m.id}::uuid AND organization_id = ${organizationId}::uuid AND status = ${m.status}::"MessageStatus"
          AND pacing IS NOT DISTINCT FROM ${m.pacing}::"MessagePacing"
        RETURNING organization_id
      )`,
      ...(notificationId
        ? [
            Prisma.sql`processed AS (
              UPDATE upstream_notifications SET processed_at = ${now}
              WHERE id = ${notificationId}::uuid AND EXISTS (SELECT 1 FROM changed)
              RETURNING id
            )`,
          ]
        : []),
    ],
    Prisma.sql`SELECT changed.organization_id, e.name AS event_name, e.data::jsonb AS event_data
      FROM changed, unnest(${plan.events.map((e) => e.name)}::text[], ${plan.events.map((e) => JSON.stringify(e.data))}::text[]) AS e(name, data)`,
    now,
    [
      Prisma.sql`(SELECT count(*)::int FROM changed) AS changed`,
      notificationId ? Prisma.sql`(SELECT count(*)::int FROM processed) AS marked` : Prisma.sql`0 AS marked`,
    ],
  );
}
