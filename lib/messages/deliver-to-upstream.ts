import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent } from "@/lib/events/record-event";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import type { SendOutcome } from "@/lib/messages/send-outcome";
import { readyRedis } from "@/lib/redis";
import { graphRequest } from "@/lib/whatsapp/graph-client";
import { UpstreamError, type UpstreamFailure } from "@/lib/whatsapp/graph-error";
import { acquireSendSlot } from "@/lib/whatsapp/throughput";

type CloudAnswer = { messages?: { id?: string }[] };
const THROUGHPUT_CODE = 130429;
const MAX_TRIES = 6;

/**
 * The worker's send: at most once. The Message is marked `sending` before the upstream call,
 * and a job that finds it already past `queued` (a worker died mid-call, a second worker)
 * never calls the upstream again. Only failures that provably sent nothing are retried:
 * throughput rejections (130429) and connections that never opened.
 */
export async function deliverToUpstream(messageId: string): Promise<SendOutcome> {
  const claimed = await db().message.updateMany({
    where: { id: messageId, status: "queued" },
    data: { status: "sending", sendingAt: new Date() },
  });
  if (claimed.count === 0) return currentOutcome(messageId);

  const message = await db().message.findUniqueOrThrow({
    where: { id: messageId },
    include: { channel: true },
  });
  const { channel } = message;
  const cloud = (message.content as { cloud?: unknown }).cloud;
  if (!channel || !cloud)
    return fail(messageId, { kind: "unreachable", message: "no channel or body", maybeSent: false });

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
        body: cloud,
      });
      const wamid = answer.messages?.[0]?.id;
      if (!wamid) return { status: "unknown" };
      return markSent(messageId, wamid);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      const f = error.failure;
      const retryable =
        (f.kind === "rejected" && f.error.code === THROUGHPUT_CODE) || f.kind === "unreachable";
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

async function markSent(messageId: string, wamid: string): Promise<SendOutcome> {
  const sentAt = new Date();
  const deliveryIds = await db().$transaction(async (tx) => {
    const won = await tx.message.updateMany({
      where: { id: messageId, status: "sending" },
      data: { status: "sent", whatsappMessageId: wamid, sentAt },
    });
    if (won.count === 0) {
      // a status notification got here first and moved the message on
      await tx.message.updateMany({
        where: { id: messageId, whatsappMessageId: null },
        data: { whatsappMessageId: wamid },
      });
      return [];
    }
    const m = await tx.message.findUniqueOrThrow({ where: { id: messageId } });
    if (m.channelId) await tx.channel.update({ where: { id: m.channelId }, data: { lastActiveAt: sentAt } });
    return recordEvent(tx, m.organizationId, "message.sent", {
      messageId,
      whatsappMessageId: wamid,
      conversationId: m.conversationId,
      contactId: m.contactId,
      channelId: m.channelId,
      status: "sent",
      timestamp: sentAt.toISOString(),
    });
  });
  await enqueueDeliveries(deliveryIds);
  return { status: "sent", whatsappMessageId: wamid, sentAt: sentAt.toISOString() };
}

async function fail(messageId: string, failure: UpstreamFailure): Promise<SendOutcome> {
  const failedAt = new Date();
  const error = failure.kind === "rejected" ? failure.error : { code: null, message: failure.message };
  const deliveryIds = await db().$transaction(async (tx) => {
    const won = await tx.message.updateMany({
      where: { id: messageId, status: { in: ["queued", "sending"] } },
      data: {
        status: "failed",
        failedAt,
        errorCode: error.code === null ? failure.kind : String(error.code),
        errorMessage: error.message,
        errorDetails: failure as unknown as Prisma.InputJsonValue,
      },
    });
    if (won.count === 0) return [];
    const m = await tx.message.findUniqueOrThrow({ where: { id: messageId } });
    return recordEvent(tx, m.organizationId, "message.failed", {
      messageId,
      whatsappMessageId: m.whatsappMessageId,
      conversationId: m.conversationId,
      contactId: m.contactId,
      channelId: m.channelId,
      status: "failed",
      timestamp: failedAt.toISOString(),
      error: { code: error.code, message: error.message },
    });
  });
  await enqueueDeliveries(deliveryIds);
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
