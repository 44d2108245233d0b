import "#server-only";
import { effectiveThroughput } from "@/lib/channels/effective-throughput";
import { touchChannel } from "@/lib/channels/touch-channel";
import { UpstreamError, type UpstreamFailure } from "@/lib/cloud-api/graph-error";
import { type Pacing, postSend } from "@/lib/cloud-api/post-send";
import { acquireSendSlot } from "@/lib/cloud-api/throughput";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { noteMarketingApi } from "@/lib/messages/note-upstream-api";
import { findQueuedSend, findSendOutcome } from "@/lib/messages/repository/send";
import { cachedChannel } from "@/lib/messages/send-channel-cache";
import type { DeferredSend, SendOutcome } from "@/lib/messages/send-outcome";
import { singleRetryPause } from "@/lib/messages/send-policy";
import { claim, release } from "@/lib/messages/transitions/claim-sending";
import { markFailed } from "@/lib/messages/transitions/mark-failed";
import { markSent } from "@/lib/messages/transitions/mark-sent";
import { readyRedis } from "@/lib/redis";

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
 * provably sent nothing (lib/messages/send-policy.ts: throughput and pair rate limit refusals, a
 * connection that never opened) puts the claim back before the next try, so a message the upstream
 * never saw is never left `sending`. The message and its channel are read as the job's
 * organization's (the `{sends}` job names it).
 */
export async function deliverToUpstream(
  organizationId: string,
  messageId: string,
  /** the channel named in the job: the message is then read by its claim, in one statement */
  knownChannelId?: string,
): Promise<SendOutcome | DeferredSend> {
  let channel = knownChannelId ? await cachedChannel(organizationId, knownChannelId) : null;
  if (!channel) {
    // a job queued again by the sweeper (or a channel gone): read the message first
    const pending = await findQueuedSend(organizationId, messageId);
    if (!pending) return currentOutcome(organizationId, messageId);
    channel = pending.channel_id ? await cachedChannel(organizationId, pending.channel_id) : null;
    if (!channel || !pending.cloud) {
      return fail(organizationId, messageId, NOTHING_TO_SEND);
    }
  }

  for (let attempt = 1; ; attempt++) {
    const wait = await takeSlot(channel.id, effectiveThroughput(channel), `${messageId}:${attempt}`);
    if (wait > 0) return { status: "deferred", retryInMs: wait };
    const claimed = await claim(organizationId, messageId);
    if (!claimed) return currentOutcome(organizationId, messageId);
    if (claimed.cloud === null) {
      return fail(organizationId, messageId, NOTHING_TO_SEND);
    }
    try {
      const sent = await postSend(channel, claimed.cloud, claimed.api ?? "messages");
      if (!sent.wamid) return { status: "unknown" };
      if (sent.api === "marketing_messages") await noteMarketingApi(organizationId, [messageId]);
      return await recordSent(messageId, channel, sent.wamid, sent.pacing);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const f = error.failure;
      const pause = singleRetryPause(f, attempt);
      if (pause !== null) {
        // provably not sent: back to `queued`, so that whatever happens next (a limiter
        // without Redis, a worker stopping) leaves a message that can be sent again
        await release(organizationId, messageId);
        await new Promise((r) => setTimeout(r, pause));
        continue;
      }
      // maybe sent: stay `sending`; the status notifications (biz_opaque_callback_data) or
      // the 10-minute reconciler settle it
      if (f.kind === "timeout" || f.kind === "bad-response") return { status: "unknown" };
      return fail(organizationId, messageId, f);
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
 * The upstream has the message: from here nothing may fail the job (a failed job would make
 * the client retry and send twice). Bookkeeping is retried; if the database stays away, the
 * answer is still `sent`, and the status notifications (biz_opaque_callback_data) reconcile.
 */
async function recordSent(
  messageId: string,
  channel: Channel,
  wamid: string,
  pacing: Pacing,
): Promise<SendOutcome> {
  touchChannel(channel.organizationId, channel.id).catch((err: unknown) =>
    logger.warn({ channelId: channel.id, err: String(err) }, "lastActiveAt not updated"),
  );
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const sentAt = await markSent(channel.organizationId, messageId, wamid, pacing);
      return { status: "sent", whatsappMessageId: wamid, sentAt: sentAt.toISOString(), ...paced(pacing) };
    } catch (err) {
      logger.warn({ messageId, attempt, err: String(err) }, "could not record a sent message");
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
  return { status: "sent", whatsappMessageId: wamid, sentAt: new Date().toISOString(), ...paced(pacing) };
}

const paced = (pacing: Pacing) => (pacing ? { pacing } : {});

async function fail(
  organizationId: string,
  messageId: string,
  failure: UpstreamFailure,
): Promise<SendOutcome> {
  await markFailed(organizationId, messageId, failure);
  return { status: "failed", failure };
}

async function currentOutcome(organizationId: string, messageId: string): Promise<SendOutcome> {
  const m = await findSendOutcome(organizationId, messageId);
  if (m?.status === "failed") return { status: "failed", failure: m.errorDetails };
  if (m?.whatsappMessageId && m.sentAt) {
    return {
      status: "sent",
      whatsappMessageId: m.whatsappMessageId,
      sentAt: m.sentAt.toISOString(),
      ...paced(m.pacing),
    };
  }
  return { status: "unknown" };
}
