import { z } from "zod";
import { eventPricingSchema } from "@/lib/events/pricing";
import { referralSchema } from "@/lib/events/referral";

const iso = z.iso.datetime().nullable();

/** GET /v1/whatsapp/messages/{messageId}: a message as this service knows it (camelCase, like sends). */
export const messageJson = z
  .object({
    messageId: z.uuid(),
    whatsappMessageId: z.string().nullable().meta({ description: "The upstream id (`wamid.…`), once known" }),
    conversationId: z.uuid().nullable(),
    contactId: z.uuid(),
    channelId: z.uuid().nullable(),
    direction: z.enum(["inbound", "outbound"]),
    contentType: z
      .string()
      .meta({ description: "text, image, audio, video, file, location, interactive, template, …" }),
    status: z.enum(["queued", "sending", "sent", "delivered", "read", "failed"]),
    pacing: z.enum(["held", "paused"]).nullable().meta({
      description:
        "Meta's template pacing: `held` when WhatsApp accepted the template message but holds it for a quality check (`held_for_quality_assessment` in its send answer), `paused` when it answered `paused`; the message is then `sent` (accepted) but has not gone out. Null otherwise, and again once WhatsApp's next status (sent, delivered, read or failed) arrives",
    }),
    content: z.record(z.string(), z.unknown()).nullable().meta({
      description:
        "Inbound and app-sent messages: the content as `message.inbound` carries it; messages sent through this API: the object named after their type, as sent. Null once the message was deleted for everyone.",
    }),
    source: z.enum(["api", "business_app", "history"]).meta({
      description:
        "api: sent or received through this service; business_app: sent by staff from the WhatsApp Business app (coexistence); history: synced from the app's history",
    }),
    edited: z
      .object({ content: z.record(z.string(), z.unknown()), timestamp: z.iso.datetime() })
      .nullable()
      .meta({ description: "The latest edit (coexistence numbers); the original stays in `content`" }),
    deletedAt: iso.meta({ description: "When it was deleted for everyone (coexistence numbers)" }),
    referral: referralSchema.nullable().meta({
      description:
        "An inbound message written from a click-to-WhatsApp ad or post: the ad (Meta's `referral`); null otherwise",
    }),
    pricing: eventPricingSchema.nullable().meta({ description: "The upstream's latest reported pricing" }),
    error: z.object({ code: z.string().nullable(), message: z.string().nullable() }).nullable(),
    timestamp: z.iso
      .datetime()
      .meta({ description: "When the service stored it (history: its original time)" }),
    sentAt: iso,
    deliveredAt: iso,
    readAt: iso,
    failedAt: iso,
  })
  .meta({ id: "Message" });

export type MessageJson = z.infer<typeof messageJson>;

export const messageIdParams = z.object({
  messageId: z.string().meta({ description: "The message's messageId in this service (UUID)" }),
});
