import "#server-only";
import { upstreamHint } from "@/lib/cloud-api/upstream-error-guide";
import { db } from "@/lib/db";
import { type EventPricing, storedPricing } from "@/lib/events/pricing";
import { recordEvent } from "@/lib/events/record-event";
import type { Message, MessageStatus, Prisma } from "@/lib/generated/prisma/client.ts";
import { canMoveTo } from "@/lib/messages/transitions/status-order";

export type ReportedStatus = "sent" | "delivered" | "read" | "failed";

/** What a status notification says of an outbound message (lib/inbound/process-status.ts reads it). */
export type UpstreamReport = {
  next: ReportedStatus;
  at: Date;
  /** the notification's wamid: kept when the message had none */
  wamid: string;
  /** the notification's pricing and the columns that store it; undefined when it carries none */
  pricing:
    | {
        reported: EventPricing;
        columns: Pick<
          Prisma.MessageUpdateInput,
          "pricing" | "pricingCategory" | "pricingBillable" | "pricingType" | "pricingCountry"
        >;
      }
    | undefined;
  /** the notification's first error */
  error: { code: number; title?: string; message?: string; [key: string]: unknown } | undefined;
};

/**
 * Moves an outbound Message forward on a status notification and emits message.<status>, in one
 * transaction. `found` was read before it (its fields, as before, are read before the row lock).
 * Duplicates and late, out-of-order statuses change nothing but the wamid and the pricing.
 * Answers the deliveries to enqueue.
 */
export async function applyUpstreamStatus(found: Message, report: UpstreamReport): Promise<string[]> {
  const { next, at, error } = report;
  const reported = report.pricing?.reported;
  // kept even when the status itself changes nothing (a late `sent` after `delivered`)
  const pricingData = report.pricing?.columns ?? {};
  return db().$transaction(async (tx) => {
    // row lock: concurrent statuses of one message are applied one after the other
    const [message] = await tx.$queryRaw<{ status: MessageStatus }[]>`
      SELECT status FROM messages WHERE id = ${found.id}::uuid FOR UPDATE`;
    if (!message || !canMoveTo(message.status, next)) {
      if (!found.whatsappMessageId || reported) {
        await tx.message.update({
          where: { id: found.id },
          data: { whatsappMessageId: found.whatsappMessageId ?? report.wamid, ...pricingData },
        });
      }
      return [];
    }
    // delivered or read implies sent: when the `sent` notification comes later or never (the
    // worker died before recording it, notifications processed out of order), it is recorded now
    const impliesSent =
      (message.status === "queued" || message.status === "sending") &&
      (next === "delivered" || next === "read");
    // read implies delivered: WhatsApp skips `delivered` when `read` follows at once, and a
    // `delivered` processed after `read` can no longer move the message; message.delivered is
    // emitted now (with the read time) so that every read message has its delivered event
    const impliesDelivered = next === "read" && message.status !== "delivered";
    const updated = await tx.message.update({
      where: { id: found.id },
      data: {
        status: next,
        whatsappMessageId: found.whatsappMessageId ?? report.wamid,
        ...pricingData,
        ...(next === "sent" || impliesSent ? { sentAt: found.sentAt ?? at } : {}),
        ...(next === "delivered" ? { deliveredAt: at } : {}),
        ...(next === "read" ? { readAt: at, deliveredAt: found.deliveredAt ?? at } : {}),
        ...(next === "failed"
          ? {
              failedAt: at,
              errorCode: error ? String(error.code) : "unknown",
              errorMessage: error?.message ?? error?.title ?? "failed upstream",
              errorDetails: (error ?? {}) as Prisma.InputJsonValue,
            }
          : {}),
      },
    });
    const base = {
      messageId: updated.id,
      whatsappMessageId: updated.whatsappMessageId,
      conversationId: updated.conversationId,
      contactId: updated.contactId,
      channelId: updated.channelId,
      ...(updated.broadcastId ? { broadcastId: updated.broadcastId } : {}),
    };
    // the upstream's pricing, from this notification or an earlier one (`read` often has none)
    const pricing = reported ?? storedPricing(updated.pricing);
    const priced = pricing && next !== "failed" ? { pricing } : {};
    const sentIds = impliesSent
      ? await recordEvent(tx, updated.organizationId, "message.sent", {
          ...base,
          status: "sent",
          timestamp: at.toISOString(),
          ...priced,
        })
      : [];
    const common = { ...base, timestamp: at.toISOString() };
    const deliveredIds = impliesDelivered
      ? await recordEvent(tx, updated.organizationId, "message.delivered", {
          ...common,
          status: "delivered",
          ...priced,
        })
      : [];
    const ids =
      next === "failed"
        ? await recordEvent(tx, updated.organizationId, "message.failed", {
            ...common,
            status: next,
            error: {
              code: error?.code ?? null,
              message: error?.message ?? error?.title ?? "failed upstream",
              // what to do about the codes people meet most (131049, 131026, …)
              ...(upstreamHint(error?.code) ? { hint: upstreamHint(error?.code) } : {}),
            },
          })
        : await recordEvent(tx, updated.organizationId, `message.${next}`, {
            ...common,
            status: next,
            ...priced,
          });
    return [...sentIds, ...deliveredIds, ...ids];
  });
}
