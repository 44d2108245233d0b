import { upstreamHint } from "@/lib/cloud-api/upstream-error-guide";
import { buildEventData, type DeclaredEventName } from "@/lib/events/payloads";
import { type EventPricing, storedPricing } from "@/lib/events/pricing";
import type { Message, MessageStatus, Prisma } from "@/lib/generated/prisma/client.ts";
import { canMoveTo } from "@/lib/messages/transitions/status-order";

export type ReportedStatus = "sent" | "delivered" | "read" | "failed";

/** What a status notification says of an outbound message (lib/inbound/process-status.ts reads it). */
export type UpstreamReport = {
  next: ReportedStatus;
  at: Date;
  /** the notification's wamid: kept when the message had none */
  wamid: string;
  /** the notification's pricing, with the billable flag and country stored beside it; undefined when it carries none */
  pricing: { reported: EventPricing; billable: boolean | null; country: string | null } | undefined;
  /** the notification's first error */
  error: { code: number; title?: string; message?: string; [key: string]: unknown } | undefined;
};

/** The message as read before the write: the plan holds only while its status is still `status`. */
export type ReadMessage = Pick<
  Message,
  | "id"
  | "organizationId"
  | "status"
  | "whatsappMessageId"
  | "conversationId"
  | "contactId"
  | "channelId"
  | "broadcastId"
  | "sentAt"
  | "deliveredAt"
  | "pricing"
  | "pacing"
>;

/** The columns a status writes (undefined: left as they are) and the events it emits. */
export type StatusPlan = {
  status: MessageStatus;
  /** true: the status ends the message's template pacing (its `pacing` is cleared) */
  clearsPacing?: boolean;
  whatsappMessageId: string;
  pricing: UpstreamReport["pricing"];
  sentAt?: Date;
  deliveredAt?: Date;
  readAt?: Date;
  failure?: { at: Date; code: string; message: string; details: Prisma.InputJsonValue };
  events: { name: DeclaredEventName; data: Prisma.InputJsonObject }[];
};

/**
 * What a status notification does to the message `m` as read: moves it forward (status-order.ts)
 * with message.<status>, and the events it implies; duplicates and late, out-of-order statuses
 * change nothing but the wamid and the pricing (kept even then). Null: nothing to write.
 */
export function planUpstreamStatus(m: ReadMessage, report: UpstreamReport): StatusPlan | null {
  const { next, at, error } = report;
  const whatsappMessageId = m.whatsappMessageId ?? report.wamid;
  const reported = report.pricing?.reported;
  // a message WhatsApp held (template pacing) is `sent` already: its `sent` status is the
  // release, and any status of it (sent, delivered, read, failed) ends the hold
  const released = m.pacing !== null && next === "sent";
  if (!released && !canMoveTo(m.status, next)) {
    if (m.whatsappMessageId && !reported) return null;
    return { status: m.status, whatsappMessageId, pricing: report.pricing, events: [] };
  }
  // delivered or read implies sent: when the `sent` notification comes later or never (the
  // worker died before recording it, notifications processed out of order), it is recorded now
  // (for a held message message.held stood in for message.sent, which is emitted now)
  const impliesSent =
    (m.status === "queued" || m.status === "sending" || m.pacing !== null) &&
    (next === "delivered" || next === "read");
  // read implies delivered: WhatsApp skips `delivered` when `read` follows at once, and a
  // `delivered` processed after `read` can no longer move the message; message.delivered is
  // emitted now (with the read time) so that every read message has its delivered event
  const impliesDelivered = next === "read" && m.status !== "delivered";

  const base = {
    messageId: m.id,
    whatsappMessageId,
    conversationId: m.conversationId,
    contactId: m.contactId,
    channelId: m.channelId,
    ...(m.broadcastId ? { broadcastId: m.broadcastId } : {}),
    timestamp: at.toISOString(),
  };
  // the upstream's pricing, from this notification or an earlier one (`read` often has none)
  const pricing = reported ?? storedPricing(m.pricing);
  const priced = pricing ? { pricing } : {};
  const errorMessage = error?.message ?? error?.title ?? "failed upstream";
  const events: StatusPlan["events"] = [];
  if (impliesSent) {
    events.push({
      name: "message.sent",
      data: buildEventData("message.sent", { ...base, status: "sent", ...priced }),
    });
  }
  if (impliesDelivered) {
    const data = buildEventData("message.delivered", { ...base, status: "delivered", ...priced });
    events.push({ name: "message.delivered", data });
  }
  if (next === "failed") {
    const hint = upstreamHint(error?.code);
    // what to do about the codes people meet most (131049, 131026, …)
    const failure = { code: error?.code ?? null, message: errorMessage, ...(hint ? { hint } : {}) };
    events.push({
      name: "message.failed",
      data: buildEventData("message.failed", { ...base, status: next, error: failure }),
    });
  } else {
    events.push({
      name: `message.${next}`,
      data: buildEventData(`message.${next}`, { ...base, status: next, ...priced }),
    });
  }

  return {
    status: next,
    ...(m.pacing !== null ? { clearsPacing: true } : {}),
    whatsappMessageId,
    pricing: report.pricing,
    // a released message went out when WhatsApp says so, not when it was accepted
    ...(released ? { sentAt: at } : next === "sent" || impliesSent ? { sentAt: m.sentAt ?? at } : {}),
    ...(next === "delivered" ? { deliveredAt: at } : {}),
    ...(next === "read" ? { readAt: at, deliveredAt: m.deliveredAt ?? at } : {}),
    ...(next === "failed"
      ? {
          failure: {
            at,
            code: error ? String(error.code) : "unknown",
            message: errorMessage,
            details: (error ?? {}) as Prisma.InputJsonValue,
          },
        }
      : {}),
    events,
  };
}
