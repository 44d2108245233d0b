import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { resolveSendChannel } from "@/lib/channels/resolve-channel";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent, type Tx } from "@/lib/events/record-event";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { findTemplateTranslation } from "@/lib/messages/find-template-translation";
import type { SendMessageInput } from "@/lib/messages/message-schemas";
import { runSendJob } from "@/lib/messages/run-send-job";
import { type StoredTemplateStructure, validateTemplateComponents } from "@/lib/messages/template-components";
import { toCloudBody } from "@/lib/whatsapp/cloud-body";
import type { UpstreamFailure } from "@/lib/whatsapp/graph-error";
import { mapUpstreamFailure } from "@/lib/whatsapp/map-upstream-error";

const WINDOW_MS = 24 * 60 * 60 * 1000;

export type SendResult = {
  messageId: string;
  whatsappMessageId: string;
  status: "sent";
  to: string;
  template?: string;
  timestamp: string;
};

/**
 * design.md's send flow: channel, template checks, the 24-hour window, the Message stored
 * `queued`, then the worker's upstream call awaited. Everything the service can check is
 * checked before anything is stored or sent.
 */
export async function sendMessage(
  organizationId: string,
  input: SendMessageInput,
  /** where template components sit in the caller's request (the template send endpoint: `components`) */
  componentsField = "template.components",
): Promise<SendResult> {
  const channel = await resolveSendChannel(organizationId, input.channel_id);
  let checked = input;
  if (checked.type === "template") {
    const { name, language } = checked.template;
    const translation = await findTemplateTranslation(organizationId, channel.id, name, language.code);
    if (translation) {
      const stored: StoredTemplateStructure = {
        components: translation.components as StoredTemplateStructure["components"],
        parameterFormat: translation.parameterFormat === "NAMED" ? "NAMED" : "POSITIONAL",
      };
      const components = validateTemplateComponents(checked.template.components ?? [], stored, {
        field: componentsField,
      });
      checked = { ...checked, template: { ...checked.template, components } };
    }
  }

  const contact = await db().contact.findUnique({
    where: { organizationId_phone: { organizationId, phone: checked.to } },
  });
  if (checked.type !== "template") {
    const last = contact?.lastInboundAt?.getTime() ?? 0;
    if (Date.now() - last > WINDOW_MS) {
      throw new ApiError(
        "WHATSAPP_SESSION_CLOSED",
        "The customer has not written in the last 24 hours; only an approved template can be sent.",
        { field: "to", hint: "send a template (type template) to reopen the conversation" },
      );
    }
  }

  const messageId = randomUUID();
  const cloud = toCloudBody(checked, { bizOpaqueCallbackData: messageId });
  const template = checked.type === "template" ? checked.template : null;
  const storeMessage = async (tx: Tx, contactId: string) => {
    const conversation = await tx.conversation.findFirst({
      where: { organizationId, contactId, status: { not: "resolved" } },
      orderBy: { lastActivityAt: "desc" },
      select: { id: true },
    });
    await tx.message.create({
      data: {
        id: messageId,
        organizationId,
        channelId: channel.id,
        contactId,
        conversationId: conversation?.id ?? null,
        direction: "outbound",
        type: checked.type,
        content: { request: checked, cloud } as unknown as Prisma.InputJsonValue,
        status: "queued",
        phone: checked.to,
        templateName: template?.name ?? null,
        templateLanguage: template?.language.code ?? null,
      },
    });
  };
  if (contact) {
    // the hot path: a known contact needs no transaction (nothing else is written)
    await storeMessage(db(), contact.id);
  } else {
    const deliveryIds = await db().$transaction(async (tx) => {
      const created = await tx.contact.upsert({
        where: { organizationId_phone: { organizationId, phone: checked.to } },
        create: { organizationId, phone: checked.to },
        update: {},
      });
      const ids =
        Date.now() - created.createdAt.getTime() < 5_000
          ? await recordEvent(tx, organizationId, "contact.created", {
              contactId: created.id,
              phone: created.phone,
              name: created.name,
              email: created.email,
              channelId: channel.id,
              timestamp: created.createdAt.toISOString(),
            })
          : [];
      await storeMessage(tx, created.id);
      return ids;
    });
    await enqueueDeliveries(deliveryIds);
  }

  const outcome = await runSendJob(messageId);
  if (!outcome || outcome.status === "unknown") {
    throw new ApiError(
      "SERVER_SERVICE_UNAVAILABLE",
      "The send is taking longer than expected; it will complete. Watch for message.sent or message.failed.",
      { messageId },
      { "Retry-After": "5" },
    );
  }
  if (outcome.status === "failed") throw mapUpstreamFailure(outcome.failure as UpstreamFailure, messageId);
  return {
    messageId,
    whatsappMessageId: outcome.whatsappMessageId,
    status: "sent",
    to: checked.to,
    ...(checked.type === "template" ? { template: checked.template.name } : {}),
    timestamp: outcome.sentAt,
  };
}
