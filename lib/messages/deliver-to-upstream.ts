import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { type OutboxResult, withEventSql } from "@/lib/events/outbox-sql";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { cachedChannel, touchChannel } from "@/lib/messages/send-channel-cache";
import type { SendOutcome } from "@/lib/messages/send-outcome";
import { readyRedis } from "@/lib/redis";
import { graphRequest } from "@/lib/whatsapp/graph-client";
import { UpstreamError, type UpstreamFailure } from "@/lib/whatsapp/graph-error";
import { acquireSendSlot } from "@/lib/whatsapp/throughput";
import { RETRYABLE_UPSTREAM_CODES } from "@/lib/whatsapp/upstream-error-guide";

type CloudAnswer = { messages?: { id?: string }[] };
type Claimed = { channel_id: string | null; cloud: unknown };
const MAX_TRIES = 6;

/**
 * The worker's send: at most once. The Message is marked `sending` before the upstream call,
 * and a job that finds it already past `queued` (a worker died mid-call, a second worker)
 * never calls the upstream again. Only failures that provably sent nothing are retried:
 * throughput and pair rate limit rejections (RETRYABLE_UPSTREAM_CODES) and connections that never opened.
 */
export async function deliverToUpstream(messageId: string): Promise<SendOutcome> {
  const [claimed] = await db().$queryRaw<Claimed[]>`
    UPDATE messages SET status = 'sending', sending_at = ${new Date()}, updated_at = ${new Date()}
    WHERE id = ${messageId}::uuid AND status = 'queued'
    RETURNING channel_id, content -> 'cloud' AS cloud`;
  if (!claimed) return currentOutcome(messageId);
  const channel = claimed.channel_id ? await cachedChannel(claimed.channel_id) : null;
  if (!channel || !claimed.cloud) {
    return fail(messageId, { kind: "unreachable", message: "no channel or body", maybeSent: false });
  }

  for (let attempt = 1; ; attempt++) {
    await acquireSendSlot(
      await readyRedis(),
      channel.id,
      channel.throughputPerSecond,
      `${messageId}:${attempt}`,
    );
    try {
      const answer = await graphRequest<CloudAnswer>(channel, `${channel.phoneNumberId}/messages`, {
        method: "POST",
        body: claimed.cloud,
      });
      const wamid = answer.messages?.[0]?.id;
      if (!wamid) return { status: "unknown" };
      return await recordSent(messageId, channel.id, wamid);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const f = error.failure;
      const retryable =
        (f.kind === "rejected" && RETRYABLE_UPSTREAM_CODES.has(f.error.code)) || f.kind === "unreachable";
      if (retryable && attempt < MAX_TRIES) {
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

function eventData(status: string, at: Date, extra: Prisma.Sql = Prisma.sql`'{}'::jsonb`): Prisma.Sql {
  return Prisma.sql`jsonb_build_object(
      'messageId', id, 'whatsappMessageId', whatsapp_message_id, 'conversationId', conversation_id,
      'contactId', contact_id, 'channelId', channel_id, 'status', ${status}::text, 'timestamp', ${at.toISOString()}::text
    ) || ${extra} AS event_data`;
}

/**
 * The upstream has the message: from here nothing may fail the job (a failed job would make
 * the client retry and send twice). Bookkeeping is retried; if the database stays away, the
 * answer is still `sent`, and the status notifications (biz_opaque_callback_data) reconcile.
 */
async function recordSent(messageId: string, channelId: string, wamid: string): Promise<SendOutcome> {
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

/** One statement: the Message moves to sent and message.sent is recorded with its deliveries. */
async function markSent(messageId: string, wamid: string): Promise<SendOutcome> {
  const sentAt = new Date();
  const [result] = await db().$queryRaw<OutboxResult[]>(
    withEventSql(
      Prisma.sql`UPDATE messages SET status = 'sent', whatsapp_message_id = ${wamid}, sent_at = ${sentAt}, updated_at = ${sentAt}
        WHERE id = ${messageId}::uuid AND status = 'sending'
        RETURNING organization_id, ${eventData("sent", sentAt)}`,
      "message.sent",
      sentAt,
    ),
  );
  if (!result?.changed) {
    // a status notification got here first and moved the message on: keep its wamid only
    await db().message.updateMany({
      where: { id: messageId, whatsappMessageId: null },
      data: { whatsappMessageId: wamid },
    });
  }
  await enqueueDeliveries(result?.delivery_ids ?? []);
  return { status: "sent", whatsappMessageId: wamid, sentAt: sentAt.toISOString() };
}

async function fail(messageId: string, failure: UpstreamFailure): Promise<SendOutcome> {
  const failedAt = new Date();
  const error = failure.kind === "rejected" ? failure.error : { code: null, message: failure.message };
  const code = error.code === null ? failure.kind : String(error.code);
  const extra = Prisma.sql`jsonb_build_object('error', jsonb_build_object('code', ${JSON.stringify(error.code)}::jsonb, 'message', ${error.message}::text))`;
  const [result] = await db().$queryRaw<OutboxResult[]>(
    withEventSql(
      Prisma.sql`UPDATE messages SET status = 'failed', failed_at = ${failedAt}, updated_at = ${failedAt},
          error_code = ${code}, error_message = ${error.message}, error_details = ${JSON.stringify(failure)}::jsonb
        WHERE id = ${messageId}::uuid AND status IN ('queued', 'sending')
        RETURNING organization_id, ${eventData("failed", failedAt, extra)}`,
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
