import "#server-only";
import { upstreamHint } from "@/lib/cloud-api/upstream-error-guide";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { storedPricing } from "@/lib/events/pricing";
import { recordEvent } from "@/lib/events/record-event";
import type { Message, MessageStatus, Prisma } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";
import type { UpstreamStatus } from "@/lib/inbound/notification-schema";
import { recipientCountry } from "@/lib/inbound/recipient-country";
import { billableOf, statusPricing } from "@/lib/inbound/status-pricing";
import { canMoveTo } from "@/lib/messages/status-order";

type Reported = "sent" | "delivered" | "read" | "failed";
const KNOWN: Record<string, Reported> = {
  sent: "sent",
  delivered: "delivered",
  read: "read",
  failed: "failed",
};

/**
 * Moves an outbound Message forward on a status notification and emits message.<status>.
 * Found by wamid, or by biz_opaque_callback_data (our message id) when a worker died
 * before it could store the wamid. Duplicates and late, out-of-order statuses change nothing.
 */
export async function processStatus(status: UpstreamStatus): Promise<string[]> {
  const next = KNOWN[status.status];
  if (!next) return [];
  const at = status.timestamp ? new Date(Number(status.timestamp) * 1000) : new Date();
  const opaque = status.biz_opaque_callback_data;

  // found before the transaction (as before, its fields are read before the row lock): a
  // status of no message of ours costs no transaction, and lookups made together share a query
  const found = await findReported({ wamid: status.id, opaque: opaque && isUuid(opaque) ? opaque : null });
  if (!found) return [];

  return db().$transaction(async (tx) => {
    const reported = statusPricing(status);
    // kept even when the status itself changes nothing (a late `sent` after `delivered`)
    const pricingData = reported
      ? {
          pricing: reported,
          pricingCategory: reported.category,
          pricingBillable: billableOf(reported),
          pricingType: reported.type,
          pricingCountry: recipientCountry(found.phone, status.recipient_id),
        }
      : {};
    // row lock: concurrent statuses of one message are applied one after the other
    const [message] = await tx.$queryRaw<{ status: MessageStatus }[]>`
      SELECT status FROM messages WHERE id = ${found.id}::uuid FOR UPDATE`;
    if (!message || !canMoveTo(message.status, next)) {
      if (!found.whatsappMessageId || reported) {
        await tx.message.update({
          where: { id: found.id },
          data: { whatsappMessageId: found.whatsappMessageId ?? status.id, ...pricingData },
        });
      }
      return [];
    }
    const error = status.errors?.[0];
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
        whatsappMessageId: found.whatsappMessageId ?? status.id,
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

type Reference = { wamid: string; opaque: string | null };

/** The message a status is about: by wamid, else by biz_opaque_callback_data (our id). */
const findReported = groupCommit<Reference, Message | null>(async (refs) => {
  const wamids = refs.map((r) => r.wamid);
  const opaques = refs.flatMap((r) => (r.opaque ? [r.opaque] : []));
  const or: Prisma.MessageWhereInput[] = [{ whatsappMessageId: { in: wamids } }];
  if (opaques.length > 0) or.push({ id: { in: opaques }, direction: "outbound" });
  const rows = await db().message.findMany({ where: { OR: or } });
  const byWamid = new Map(rows.flatMap((m) => (m.whatsappMessageId ? [[m.whatsappMessageId, m]] : [])));
  const byId = new Map(rows.filter((m) => m.direction === "outbound").map((m) => [m.id, m]));
  return refs.map((r) => byWamid.get(r.wamid) ?? (r.opaque ? byId.get(r.opaque) : undefined) ?? null);
});
