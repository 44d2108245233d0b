import "#server-only";
import { db, rawExecute, rawQuery } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { applyFlowWebhook, FLOWS_FIELD } from "@/lib/flows/apply-flow-webhook";
import { type Channel, Prisma } from "@/lib/generated/prisma/client.ts";
import { ACCOUNT_FIELDS, applyAccountChange } from "@/lib/inbound/apply-account-limits";
import { applyCallPermissionReply, isCallPermissionReply } from "@/lib/inbound/apply-call-permission";
import { applyUserPreferences } from "@/lib/inbound/apply-user-preferences";
import { fieldRoute } from "@/lib/inbound/field-routes";
import {
  changeValueSchema,
  inboundMessageSchema,
  type Notification,
  notificationSchema,
  statusSchema,
} from "@/lib/inbound/notification-schema";
import { CALLS_FIELD, processCalls } from "@/lib/inbound/process-calls";
import { COEXISTENCE_FIELDS, processCoexistence } from "@/lib/inbound/process-coexistence";
import { processMessage } from "@/lib/inbound/process-message";
import { processRouting, ROUTING_FIELDS } from "@/lib/inbound/process-routing";
import { processStatus } from "@/lib/inbound/process-status";
import { recordUnprocessed } from "@/lib/inbound/record-unprocessed";
import { soleItem } from "@/lib/inbound/sole-item";
import {
  type PrefetchedMessage,
  prefetchedOf,
  type SoleStatusRow,
  soleStatusMessageSql,
} from "@/lib/inbound/status-message";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";
import { applyTemplateChange, TEMPLATE_FIELDS } from "@/lib/templates/apply-template-change";
import { ttlCache } from "@/lib/ttl-cache";
import { startDeliveries } from "@/lib/webhooks/start-deliveries";

/**
 * Maps one stored upstream notification: inbound messages, statuses, template status
 * updates, user preferences, the account's limits and pricing tiers, WhatsApp Flows' status and
 * health. Every other kind, and a template or Flows change for a WABA no channel with a working
 * token holds, is kept (the raw row), counted and recorded on its channel
 * (lib/inbound/record-unprocessed.ts). Safe to run twice (an unprocessed kind is then counted twice).
 */
export async function processNotification(
  notificationId: string,
): Promise<{ messages: number; statuses: number }> {
  const row = await loadNotification(notificationId);
  if (!row) return { messages: 0, statuses: 0 };
  return processStoredNotification(notificationId, row);
}

/** A stored notification as read for processing: its payload, and its sole status's message. */
export type StoredNotification = { payload: unknown; prefetched: PrefetchedMessage | null };

/** processNotification for a notification already read (a worker's claim reads it too). */
export async function processStoredNotification(
  notificationId: string,
  row: StoredNotification,
): Promise<{ messages: number; statuses: number }> {
  const parsed = notificationSchema.safeParse(row.payload);
  let messages = 0;
  let statuses = 0;
  const deliveryIds: string[] = [];
  // a notification of one message or one status alone (the usual kinds) is marked processed by
  // the statement that writes that item, not by a statement of its own
  const sole = parsed.success ? soleItem(parsed.data) : null;
  const entries = parsed.success ? parsed.data.entry : [];
  let marked = false;
  for (const entry of entries) {
    for (const change of entry.changes) {
      // every field not processed below (and a value we cannot read) is kept, counted and offered
      // as whatsapp.notification, never skipped in silence (issue 30)
      const unprocessed = { notificationId, wabaId: entry.id, field: change.field, value: change.value };
      if (TEMPLATE_FIELDS.has(change.field)) {
        const owner = entry.id ? await activeChannelOfWaba(entry.id, "working token") : null;
        if (owner) await applyTemplateChange(owner.organizationId, owner.wabaId, change.field, change.value);
        // No channel of the WABA can apply it. A WABA still active with refused tokens only is its
        // organization's (one at most: migration hardening_round_3): recorded on its oldest channel,
        // shown on the Channels page beside "needs a new token", so its staff see what they miss; a
        // WABA nobody has active names no organization, so it is counted on /metrics and logged with
        // its WABA id for the operator, the raw row kept (recordUnprocessed)
        else deliveryIds.push(...(await recordUnprocessed(unprocessed, CHANNELS)));
        continue;
      }
      if (change.field === "user_preferences") {
        deliveryIds.push(...(await applyUserPreferences(change.value, activeChannelOfNumber)));
        continue;
      }
      if (change.field === CALLS_FIELD) {
        const calls = await processCalls(change.value, activeChannelOfNumber);
        deliveryIds.push(...calls.deliveryIds);
        // a call event this cannot read (another event, a call we do not know) is kept as unprocessed
        if (calls.unread) {
          deliveryIds.push(
            ...(await recordUnprocessed(
              { notificationId, wabaId: entry.id, field: change.field, value: change.value },
              CHANNELS,
            )),
          );
        }
        continue;
      }
      if (ROUTING_FIELDS.has(change.field)) {
        const routed = await processRouting(change.field, change.value, activeChannelOfNumber);
        deliveryIds.push(...routed.deliveryIds);
        const routedOrg = routed.organizationId;
        if (routedOrg) {
          for (const mediaId of routed.mediaIds) {
            await enqueue("media", { organizationId: routedOrg, mediaId }, { jobId: mediaId });
          }
        }
        messages += routed.messages;
        statuses += routed.statuses;
        continue;
      }
      if (change.field === FLOWS_FIELD) {
        // a FLOW_STATUS_CHANGE or health alert (lib/flows/apply-flow-webhook.ts); a value it cannot
        // read, or one for a WABA no channel can apply it to (as for templates above), goes the
        // unprocessed way
        const owner = entry.id ? await activeChannelOfWaba(entry.id, "working token") : null;
        const applied = owner
          ? await applyFlowWebhook(owner.organizationId, owner.wabaId, change.value)
          : null;
        deliveryIds.push(...(applied ?? (await recordUnprocessed(unprocessed, CHANNELS))));
        continue;
      }
      if (ACCOUNT_FIELDS.has(change.field)) {
        const time = "time" in entry ? entry.time : undefined;
        const account = { wabaId: entry.id, field: change.field, value: change.value, time };
        if (await applyAccountChange(account, CHANNELS.ofWaba)) continue;
        // another account_update event, or a value we cannot read
        deliveryIds.push(...(await recordUnprocessed(unprocessed, CHANNELS)));
        continue;
      }
      if (fieldRoute(change.field) === "unprocessed") {
        deliveryIds.push(...(await recordUnprocessed(unprocessed, CHANNELS)));
        continue;
      }
      const value = changeValueSchema.safeParse(change.value);
      if (!value.success) {
        deliveryIds.push(...(await recordUnprocessed(unprocessed, CHANNELS)));
        continue;
      }
      const phoneNumberId = value.data.metadata?.phone_number_id;
      // A number is active in one organization at most (migration channel_number_active_once).
      // Without an active channel the messages stay in the stored notification only: no other
      // organization's channel, however old, ever receives them.
      const channel = phoneNumberId ? await activeChannelOfNumber(phoneNumberId) : null;
      if (!channel) {
        if ((value.data.messages?.length ?? 0) > 0 || change.field !== "messages") {
          logger.info(
            { notificationId, phoneNumberId, field: change.field },
            "notification for a number with no active channel kept unrouted",
          );
        }
        if (change.field !== "messages") continue;
      }
      if (channel && COEXISTENCE_FIELDS.has(change.field)) {
        const result = await processCoexistence(channel, change.field, value.data);
        deliveryIds.push(...result.deliveryIds);
        for (const mediaId of result.mediaIds) {
          await enqueue("media", { organizationId: channel.organizationId, mediaId }, { jobId: mediaId });
        }
        messages += result.messages;
        continue;
      }
      for (const raw of value.data.messages ?? []) {
        const message = inboundMessageSchema.safeParse(raw);
        if (!message.success || !channel) continue;
        const result = await processMessage(
          channel,
          message.data,
          value.data,
          sole === "message" ? notificationId : undefined,
        );
        marked ||= result.marked === true;
        deliveryIds.push(...result.deliveryIds);
        // the customer's answer to a call permission request: kept on the contact too (issue 32)
        if (isCallPermissionReply(raw)) deliveryIds.push(...(await applyCallPermissionReply(channel, raw)));
        if (result.mediaId) {
          const media = { organizationId: channel.organizationId, mediaId: result.mediaId };
          await enqueue("media", media, { jobId: result.mediaId });
        }
        messages++;
      }
      for (const raw of value.data.statuses ?? []) {
        const status = statusSchema.safeParse(raw);
        if (!status.success) continue;
        const result = await processStatus(
          status.data,
          phoneNumberId,
          sole === "status" ? notificationId : undefined,
          row.prefetched,
        );
        deliveryIds.push(...result.deliveryIds);
        marked ||= result.marked;
        statuses++;
      }
    }
  }
  if (!marked) {
    await markProcessed({
      id: notificationId,
      error: parsed.success ? null : "unrecognized notification shape",
    });
  }
  await startDeliveries(deliveryIds);
  if (!parsed.success) logger.warn({ notificationId }, "unrecognized upstream notification kept unprocessed");
  return { messages, statuses };
}

/**
 * Notifications processed together are marked processed by one UPDATE (group commit); an
 * unrecognized one keeps why, a recognized one any error it had.
 */
const markProcessed = groupCommit<{ id: string; error: string | null }, void>(async (rows) => {
  await rawExecute`
    UPDATE upstream_notifications n SET processed_at = ${new Date()}, error = coalesce(v.error, n.error)
    FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.error)}::text[]) AS v(id, error)
    WHERE n.id = v.id`;
  return rows.map(() => undefined);
});

const channelsByNumber = ttlCache<Channel | null>(1_000);

/**
 * The active channel of a phone number id (a number is active in one organization at most),
 * kept a second per process like a key record: a busy number costs one query a second.
 */
function activeChannelOfNumber(phoneNumberId: string): Promise<Channel | null> {
  return channelsByNumber(phoneNumberId, () =>
    db().channel.findFirst({ where: { phoneNumberId, status: "active" } }),
  );
}

/**
 * The oldest active channel of a WABA: a WABA-level notification's channel (a WABA is active in
 * one organization at most, migration hardening_round_3), whose organization then scopes every
 * statement about it. Whatever its token for what is recorded on a channel (an unprocessed kind,
 * the account's limits); with a token the Graph API has not refused for a change applied to the
 * WABA's templates or Flows, since a refused token no longer proves access to the WABA
 * (lib/templates/apply-template-change.ts).
 */
function activeChannelOfWaba(wabaId: string, token: "any token" | "working token" = "any token") {
  return db().channel.findFirst({
    where: { wabaId, status: "active", ...(token === "working token" ? { tokenInvalidAt: null } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** How an unprocessed change finds its channel: by its number, else by its WABA. */
const CHANNELS = { ofNumber: activeChannelOfNumber, ofWaba: (wabaId: string) => activeChannelOfWaba(wabaId) };

/**
 * The payloads of notifications processed together, read by one query, each with the message
 * of its status when it holds one status alone (the usual kind), which then needs no lookup.
 */
const loadNotification = groupCommit<string, StoredNotification | null>(async (ids) => {
  // raw: one of every notification's few queries, without the model query's compile
  const rows = await rawQuery<({ notificationId: string; payload: unknown } & SoleStatusRow)[]>`
    SELECT n.id::text AS "notificationId", n.payload, p.*
    FROM upstream_notifications n LEFT JOIN LATERAL ${soleStatusMessageSql(Prisma.sql`n.payload`)} p ON true
    WHERE n.id = ANY (${ids}::uuid[])`;
  return inOrder(ids, rows);
});

/**
 * A notification heard with its payload (the web's NOTIFY carries it when it fits:
 * lib/inbound/wake-message.ts), to be processed without a claim when it holds one message or one
 * status alone (soleItem), the usual kinds. The statement that writes that item marks it
 * processed, and writing it twice changes nothing (a message's wamid is unique; a status moves
 * a message only from the status it was read in), so the claim was one more statement a
 * notification that bought nothing there (issue 33). Every other kind is claimed first
 * (claimHeard: the payload heard is not read back), as is one heard by its id alone
 * (claimNotification). Answers what to process, or null to claim it.
 */
export function heardSole(payload: unknown): StoredNotification | null {
  const entries = (payload as { entry?: unknown } | null)?.entry;
  const shaped =
    Array.isArray(entries) &&
    entries.every((e) => Array.isArray((e as { changes?: unknown } | null)?.changes));
  return shaped && soleItem(payload as Notification) ? { payload, prefetched: null } : null;
}

/**
 * Notifications a worker was woken for, taken by one statement for those woken together: each
 * is claimed (claimed_at) unless another worker has it or it is processed, and read as
 * loadNotification reads it. Answers null for one not taken.
 */
export const claimNotification = groupCommit<string, StoredNotification | null>(async (ids) => {
  const rows = await rawQuery<({ notificationId: string; payload: unknown } & SoleStatusRow)[]>`
    WITH claimed AS (
      UPDATE upstream_notifications SET claimed_at = now()
      WHERE id IN (
        SELECT id FROM upstream_notifications
        WHERE id = ANY (${ids}::uuid[]) AND claimed_at IS NULL AND processed_at IS NULL
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, payload
    )
    SELECT c.id::text AS "notificationId", c.payload, p.*
    FROM claimed c LEFT JOIN LATERAL ${soleStatusMessageSql(Prisma.sql`c.payload`)} p ON true`;
  // an id heard twice in one group is taken by the first caller only
  const taken = new Set<string>();
  return inOrder(ids, rows).map((row, i) => {
    const id = ids[i] as string;
    if (row === null || taken.has(id)) return null;
    taken.add(id);
    return row;
  });
});

/**
 * Notifications heard with their payload that are not a sole item (two messages, another field),
 * taken by one statement for those heard together as claimNotification takes them (claimed_at,
 * unless another worker has it or it is processed), without reading back the payload the worker
 * already holds, nor a sole status's message (it holds none). Answers whether each was taken.
 */
export const claimHeard = groupCommit<string, boolean>(async (ids) => {
  const rows = await rawQuery<{ id: string }[]>`
    UPDATE upstream_notifications SET claimed_at = now()
    WHERE id IN (
      SELECT id FROM upstream_notifications
      WHERE id = ANY (${ids}::uuid[]) AND claimed_at IS NULL AND processed_at IS NULL
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id::text`;
  const claimed = new Set(rows.map((r) => r.id));
  // an id heard twice in one group is taken by the first caller only
  return ids.map((id) => claimed.delete(id));
});

function inOrder(
  ids: string[],
  rows: ({ notificationId: string; payload: unknown } & SoleStatusRow)[],
): (StoredNotification | null)[] {
  const byId = new Map(
    rows.map(({ notificationId, payload, ...sole }) => [
      notificationId,
      { payload, prefetched: prefetchedOf(sole) },
    ]),
  );
  return ids.map((id) => byId.get(id) ?? null);
}
