import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { storedPricing } from "@/lib/events/pricing";
import { storedReferral } from "@/lib/events/referral";
import type { Message } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";
import type { MessageJson } from "@/lib/messages/message-json";
import { findMessageRow } from "@/lib/messages/repository/reads";

const iso = (d: Date | null) => d?.toISOString() ?? null;

type Obj = Record<string, unknown>;
function obj(value: unknown): Obj | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Obj) : null;
}

/** Outbound API sends are stored as `{ request, cloud }`: the answer shows the object named after the type. */
function contentOf(m: Message): Obj | null {
  const stored = obj(m.content);
  const request = obj(stored?.request);
  if (!request) return stored;
  const type = typeof request.type === "string" ? request.type : m.type;
  return { [type]: request[type] ?? null };
}

/**
 * One message of the organization by its id: status, pricing, source, and whether it was edited
 * or deleted for everyone (a deleted message's content is never served). Another organization's
 * id, or no message, is RESOURCE_NOT_FOUND.
 */
export async function getMessage(organizationId: string, messageId: string): Promise<MessageJson> {
  const m = isUuid(messageId) ? await findMessageRow(organizationId, messageId) : null;
  if (!m) throw new ApiError("RESOURCE_NOT_FOUND", "No message with this id.", { field: "messageId" });
  const deleted = m.deletedAt !== null;
  const source = m.source === "business_app" || m.source === "history" ? m.source : "api";
  return {
    messageId: m.id,
    whatsappMessageId: m.whatsappMessageId,
    conversationId: m.conversationId,
    contactId: m.contactId,
    channelId: m.channelId,
    direction: m.direction,
    contentType: m.type,
    status: m.status,
    pacing: m.pacing,
    content: deleted ? null : contentOf(m),
    source,
    edited:
      !deleted && m.editedAt && obj(m.editedContent)
        ? { content: obj(m.editedContent) ?? {}, timestamp: m.editedAt.toISOString() }
        : null,
    deletedAt: iso(m.deletedAt),
    referral: storedReferral(m.referral),
    pricing: storedPricing(m.pricing) ?? null,
    error: m.errorCode || m.errorMessage ? { code: m.errorCode, message: m.errorMessage } : null,
    timestamp: m.createdAt.toISOString(),
    sentAt: iso(m.sentAt),
    deliveredAt: iso(m.deliveredAt),
    readAt: iso(m.readAt),
    failedAt: iso(m.failedAt),
  };
}
