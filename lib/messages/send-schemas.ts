import { z } from "zod";
import { requiredPhoneSchema } from "@/lib/contacts/schemas";
import { validateSendMessage } from "@/lib/messages/validation/validate-send-message";

/**
 * The request schemas of the send routes. The message body is checked by validateSendMessage
 * (its codes are the contract's, per field and per type); `sendMessageBody` documents it.
 */
export const sendMessageRequest = z
  .record(z.string(), z.unknown())
  .transform((body) => validateSendMessage(body));

export const sendResultJson = z
  .object({
    messageId: z.uuid().meta({ description: "Message id in the service" }),
    whatsappMessageId: z
      .string()
      .meta({ description: "Upstream id (prefix wamid.)", example: "wamid.HBgLMTQxNTU1NTAxMjMVAgARGBI" }),
    status: z
      .literal("sent")
      .meta({ description: "Accepted by the upstream; delivered and read arrive as events" }),
    to: z.string().nullable().meta({
      description: "E.164 with +; null when the customer was addressed by `recipient`",
      example: "+14155550123",
    }),
    recipient: z.string().optional().meta({
      description: "The business-scoped user id sent to; only in the result of a send by `recipient`",
      example: "US.13491208655302741918",
    }),
    template: z.string().optional().meta({ description: "Template name, for template sends" }),
    timestamp: z.iso.datetime().meta({ description: "Send time" }),
    pacing: z.enum(["held", "paused"]).optional().meta({
      description:
        "Only when WhatsApp's answer held the template (Meta's template pacing: `held_for_quality_assessment` → `held`, `paused` → `paused`): accepted but not sent yet; `message.sent` follows once WhatsApp releases it, `message.failed` (132015) if it drops it. Absent otherwise",
    }),
    takeover: z
      .object({
        conversationId: z.uuid(),
        previousOwner: z.object({
          owner: z.literal("other"),
          appId: z
            .string()
            .nullable()
            .meta({ description: "The other responder's app id or role, when known" }),
        }),
      })
      .optional()
      .meta({
        description:
          "Only when the conversation was another responder's (a number WhatsApp routes between responders, e.g. Meta Business Agent): WhatsApp gives the thread to the escalation partner that answers, so it is this service's now (`conversation.owner_changed`, reason `reply`). To check first, the dashboard shows the owner; `POST /v1/whatsapp/conversations/{id}/take` takes it explicitly.",
      }),
  })
  .meta({ id: "SendResult" });

export const sendTemplateBody = z
  .object({
    // one of the two is required and `to` wins, as in the message body: validateSendMessage checks it
    to: requiredPhoneSchema.optional().meta({
      description: "E.164, with or without +. Required unless `recipient` is given; wins when both are",
      example: "+14155550123",
    }),
    recipient: z.string().optional().meta({
      description: "Business-scoped user id (sender.bsuid) of a customer who wrote to this organization",
      example: "US.13491208655302741918",
    }),
    language: z.string().trim().min(1).max(15).optional().meta({
      description: "Language code; default: an APPROVED translation (UUID) or `id` (name)",
      example: "en_US",
    }),
    components: z.array(z.unknown()).optional().meta({ description: "Same shape as template.components" }),
    channel_id: z.string().optional().meta({
      description: "Overrides the sending channel; default: the template's channel (UUID)",
    }),
  })
  .meta({ id: "SendTemplateBody" });

/** The answer to a send the caller asked not to wait for (`Prefer: respond-async`): 202, stored `queued`. */
export const sendQueuedJson = z
  .object({
    messageId: z.uuid().meta({ description: "Message id in the service" }),
    status: z.literal("queued").meta({
      description:
        "Stored and queued for the upstream; not sent yet. The outcome arrives as `message.sent` or `message.failed` (webhooks), or by `GET /v1/whatsapp/messages/{messageId}`",
    }),
    to: z.string().nullable().meta({
      description: "E.164 with +; null when the customer was addressed by `recipient`",
      example: "+14155550123",
    }),
    recipient: z.string().optional().meta({
      description: "The business-scoped user id to send to; only in the result of a send by `recipient`",
      example: "US.13491208655302741918",
    }),
    template: z.string().optional().meta({ description: "Template name, for template sends" }),
    timestamp: z.iso.datetime().meta({ description: "When the message was queued" }),
  })
  .meta({ id: "SendQueued" });
