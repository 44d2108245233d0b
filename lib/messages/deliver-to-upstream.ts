import "#server-only";
import { effectiveThroughput } from "@/lib/channels/effective-throughput";
import { UpstreamError, type UpstreamFailure } from "@/lib/cloud-api/graph-error";
import { postSend, type UpstreamApi } from "@/lib/cloud-api/post-send";
import { acquireSendSlot } from "@/lib/cloud-api/throughput";
import { RETRYABLE_UPSTREAM_CODES } from "@/lib/cloud-api/upstream-error-guide";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import {
  eventDataSql,
  type OutboxPerRowResult,
  type OutboxResult,
  omitNull,
  withEventSql,
} from "@/lib/events/outbox-sql";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { cachedChannel, touchChannel } from "@/lib/messages/send-channel-cache";
import type { DeferredSend, SendOutcome } from "@/lib/messages/send-outcome";
import { readyRedis } from "@/lib/redis";

type Pending = { channel_id: string | null; cloud: unknown };
const MAX_TRIES = 6;
const NOTHING_TO_SEND: UpstreamFailure = {
  kind: "unreachable",
  message: "no channel or body",
  maybeSent: false,
};

/**
 * The worker's send: at most once. The Message is claimed `sending` right before the upstream
 * call, and a job that finds it already past `queued` (a worker died mid-call, a second worker)
 * never calls the upstream again. Nothing is claimed before a throughput slot is taken: without
 * one the job gives its turn back (`deferred`) with the Message still `queued`. A call that
 * provably sent nothing (throughput and pair rate limit rejections, RETRYABLE_UPSTREAM_CODES, or a connection that never opened) puts the claim back before
 * the next try, so a message the upstream never saw is never left `sending`.
 */
export async function deliverToUpstream(
  messageId: string,
  /** the channel named in the job: the message is then read by its claim, in one statement */
  knownChannelId?: string,
): Promise<SendOutcome | DeferredSend> {
  let channel = knownChannelId ? await cachedChannel(knownChannelId) : null;
  if (!channel) {
    // a job queued again by the sweeper (or a channel gone): read the message first
    const [pending] = await db().$queryRaw<Pending[]>`
      SELECT channel_id, content -> 'cloud' AS cloud FROM messages
      WHERE id = ${messageId}::uuid AND status = 'queued'`;
    if (!pending) return currentOutcome(messageId);
    channel = pending.channel_id ? await cachedChannel(pending.channel_id) : null;
    if (!channel || !pending.cloud) {
      return fail(messageId, NOTHING_TO_SEND);
    }
  }

  for (let attempt = 1; ; attempt++) {
    const wait = await takeSlot(channel.id, effectiveThroughput(channel), `${messageId}:${attempt}`);
    if (wait > 0) return { status: "deferred", retryInMs: wait };
    const claimed = await claim(messageId);
    if (!claimed) return currentOutcome(messageId);
    if (claimed.cloud === null) {
      return fail(messageId, NOTHING_TO_SEND);
    }
    try {
      const sent = await postSend(channel, claimed.cloud, claimed.api ?? "messages");
      if (!sent.wamid) return { status: "unknown" };
      if (sent.api === "marketing_messages") await noteUpstreamApi(messageId, sent.api);
      return await recordSent(messageId, channel.id, sent.wamid);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const f = error.failure;
      const retryable =
        (f.kind === "rejected" && RETRYABLE_UPSTREAM_CODES.has(f.error.code)) || f.kind === "unreachable";
      if (retryable && attempt < MAX_TRIES) {
        // provably not sent: back to `queued`, so that whatever happens next (a limiter
        // without Redis, a worker stopping) leaves a message that can be sent again
        await release(messageId);
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempt * (0.5 + Math.random())));
        continue;
      }
      // maybe sent: stay `sending`; the status notifications (biz_opaque_callback_data) or
      // the 10-minute reconciler settle it
      if (f.kind === "timeout" || f.kind === "bad-response") return { status: "unknown" };
      return fail(messageId, f);
    }
  }
}

/** A slot from the per-channel limiter; Redis away counts as "not now" (nothing was claimed). */
async function takeSlot(channelId: string, perSecond: number, member: string): Promise<number> {
  try {
    return await acquireSendSlot(await readyRedis(), channelId, perSecond, member);
  } catch (error) {
    logger.warn({ channelId, err: String(error) }, "throughput limiter unavailable; send deferred");
    return LIMITER_DOWN_RETRY_MS;
  }
}

const LIMITER_DOWN_RETRY_MS = 1_000;

/**
 * `sending`, if still `queued`, returning the body to send; null when another got there first.
 * Concurrent claims go to PostgreSQL as one statement (lib/db-group-commit.ts).
 */
export const claim = groupCommit<string, Claimed | null>((ids) => claimMany(ids));

type Claimed = { cloud: unknown; api: UpstreamApi | null };

/** The claim of many messages in one statement (a broadcast's batch claims its own this way). */
export async function claimMany(ids: string[]): Promise<(Claimed | null)[]> {
  const now = new Date();
  const won = await db().$queryRaw<{ id: string; cloud: unknown; api: UpstreamApi | null }[]>`
      UPDATE messages SET status = 'sending', sending_at = ${now}, updated_at = ${now}
      WHERE id = ANY (${ids}::uuid[]) AND status = 'queued'
      RETURNING id, content -> 'cloud' AS cloud, content ->> 'upstream' AS api`;
  const byId = new Map(won.map((row) => [row.id, { cloud: row.cloud, api: row.api }]));
  // the same message twice in one batch (two jobs for it): only the first claim wins
  return ids.map((id) => {
    const mine = byId.get(id) ?? null;
    byId.delete(id);
    return mine;
  });
}

/** Which Graph edge took the message, when it was the Marketing Messages API (bookkeeping only). */
async function noteUpstreamApi(messageId: string, api: UpstreamApi): Promise<void> {
  await db()
    .message.update({ where: { id: messageId }, data: { upstreamApi: api } })
    .catch((err: unknown) => logger.warn({ messageId, err: String(err) }, "upstream api not recorded"));
}

export async function release(messageId: string): Promise<void> {
  await db().message.updateMany({
    where: { id: messageId, status: "sending" },
    data: { status: "queued", sendingAt: null, updatedAt: new Date() },
  });
}

/** The fields every status event of an outbound message carries, from the `messages` row being changed. */
function statusColumns(at: Date) {
  return {
    messageId: Prisma.sql`id`,
    whatsappMessageId: Prisma.sql`whatsapp_message_id`,
    conversationId: Prisma.sql`conversation_id`,
    contactId: Prisma.sql`contact_id`,
    channelId: Prisma.sql`channel_id`,
    timestamp: Prisma.sql`${at.toISOString()}::text`,
    // a broadcast's message names its broadcast; others carry no broadcastId at all
    broadcastId: omitNull(Prisma.sql`broadcast_id`),
  };
}

/**
 * The upstream has the message: from here nothing may fail the job (a failed job would make
 * the client retry and send twice). Bookkeeping is retried; if the database stays away, the
 * answer is still `sent`, and the status notifications (biz_opaque_callback_data) reconcile.
 */
export async function recordSent(messageId: string, channelId: string, wamid: string): Promise<SendOutcome> {
  touchChannel(channelId).catch((err: unknown) =>
    logger.warn({ channelId, err: String(err) }, "lastActiveAt not updated"),
  );
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await markSent(messageId, wamid);
    } catch (err) {
      logger.warn({ messageId, attempt, err: String(err) }, "could not record a sent message");
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
  return { status: "sent", whatsappMessageId: wamid, sentAt: new Date().toISOString() };
}

/**
 * One statement: the Message moves to sent and message.sent is recorded with its deliveries.
 * The sends that finish together share that statement (group commit), each with its own wamid.
 */
async function markSent(messageId: string, wamid: string): Promise<SendOutcome> {
  const { changed, deliveryIds, sentAt } = await markSentTogether({ messageId, wamid });
  if (!changed) {
    // a status notification got here first and moved the message on: keep its wamid only
    await db().message.updateMany({
      where: { id: messageId, whatsappMessageId: null },
      data: { whatsappMessageId: wamid },
    });
  }
  await enqueueDeliveries(deliveryIds);
  return { status: "sent", whatsappMessageId: wamid, sentAt: sentAt.toISOString() };
}

export type SentResult = { changed: boolean; deliveryIds: string[]; sentAt: Date };

const markSentTogether = groupCommit<{ messageId: string; wamid: string }, SentResult>((sends) =>
  markSentMany(sends),
);

/** Many messages `sent` with their message.sent events in one statement (a broadcast's batch records its own). */
export async function markSentMany(sends: { messageId: string; wamid: string }[]): Promise<SentResult[]> {
  const sentAt = new Date();
  const ids = sends.map((s) => s.messageId);
  const wamids = sends.map((s) => s.wamid);
  const [result] = await db().$queryRaw<OutboxPerRowResult[]>(
    withEventSql(
      Prisma.sql`UPDATE messages SET status = 'sent', whatsapp_message_id = v.sent_wamid, sent_at = ${sentAt}, updated_at = ${sentAt}
          FROM unnest(${ids}::uuid[], ${wamids}::text[]) AS v(sent_id, sent_wamid)
          WHERE messages.id = v.sent_id AND messages.status = 'sending'
          RETURNING messages.organization_id, ${eventDataSql("message.sent", { ...statusColumns(sentAt), status: Prisma.sql`'sent'::text` })}`,
      "message.sent",
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

export async function fail(messageId: string, failure: UpstreamFailure): Promise<SendOutcome> {
  const failedAt = new Date();
  const error = failure.kind === "rejected" ? failure.error : { code: null, message: failure.message };
  const code = error.code === null ? failure.kind : String(error.code);
  const data = eventDataSql("message.failed", {
    ...statusColumns(failedAt),
    status: Prisma.sql`'failed'::text`,
    error: Prisma.sql`jsonb_build_object('code', ${JSON.stringify(error.code)}::jsonb, 'message', ${error.message}::text)`,
  });
  const [result] = await db().$queryRaw<OutboxResult[]>(
    withEventSql(
      Prisma.sql`UPDATE messages SET status = 'failed', failed_at = ${failedAt}, updated_at = ${failedAt},
          error_code = ${code}, error_message = ${error.message}, error_details = ${JSON.stringify(failure)}::jsonb
        WHERE id = ${messageId}::uuid AND status IN ('queued', 'sending')
        RETURNING organization_id, ${data}`,
      "message.failed",
      failedAt,
    ),
  );
  await enqueueDeliveries(result?.delivery_ids ?? []);
  return { status: "failed", failure };
}

async function currentOutcome(messageId: string): Promise<SendOutcome> {
  const m = await db().message.findUnique({ where: { id: messageId } });
  if (m?.status === "failed") return { status: "failed", failure: m.errorDetails };
  if (m?.whatsappMessageId && m.sentAt) {
    return { status: "sent", whatsappMessageId: m.whatsappMessageId, sentAt: m.sentAt.toISOString() };
  }
  return { status: "unknown" };
}
