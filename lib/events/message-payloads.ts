import { z } from "zod";
import { eventPricingSchema } from "@/lib/events/pricing";
import { referralSchema } from "@/lib/events/referral";

/** The `data` of the message events (camelCase inside `data`, as the contract says). */

const uuid = (description: string) => z.uuid().meta({ description });
const at = z.iso.datetime().meta({ description: "Time of the event on the server (ISO 8601, milliseconds)" });

/** Present on an event read or redelivered after the message was deleted for everyone. */
const deletedAt = z.iso.datetime().optional().meta({
  description:
    "Present once the customer (or staff in the Business app) deleted the message for everyone: `content` is then `{}` (redacted); absent otherwise",
});

const pricing = eventPricingSchema
  .meta({
    id: "EventPricing",
    description: "The upstream's pricing of the message, once WhatsApp has reported it",
  })
  .optional();

/** Messages Meta routed to another responder (the `standby` webhook field). */
const responder = z.literal("other").optional().meta({
  description:
    "Present (`other`) when the conversation was not ours at that moment: the message arrived on Meta's `standby` webhook field because another responder on the number (e.g. Meta Business Agent) owned the conversation; absent when it was ours",
});
const responderAppId = z.string().nullable().optional().meta({
  description:
    "With `responder`: the other responder's Meta app id when known (from a `messaging_handovers` notification)",
});

/** Fields every status event of an outbound message carries. */
const statusBase = {
  messageId: uuid("Our message id"),
  whatsappMessageId: z
    .string()
    .nullable()
    .meta({ description: "Upstream id (`wamid.…`); null when the upstream never answered" }),
  conversationId: z.uuid().nullable().meta({ description: "Conversation of the message" }),
  contactId: z.uuid().nullable().meta({ description: "Recipient contact" }),
  channelId: z.uuid().nullable().meta({ description: "Channel that sent the message" }),
  broadcastId: z
    .uuid()
    .optional()
    .meta({ description: "The broadcast that sent the message; absent for a message sent on its own" }),
  timestamp: at,
};

export const messageSentData = z
  .object({
    ...statusBase,
    status: z.literal("sent"),
    pricing,
    source: z.literal("business_app").optional().meta({
      description:
        "Present when staff sent the message from the WhatsApp Business app on a number shared with it (coexistence); absent for messages sent through this service",
    }),
    contentType: z.string().optional().meta({
      description:
        "With `source` or `responder`: the kind of message sent from the app or by the other responder (as `message.inbound`'s)",
    }),
    content: z
      .lazy(() => inboundContent)
      .optional()
      .meta({ description: "With `source` or `responder`: what was sent (as `message.inbound`'s)" }),
    responder,
    responderAppId,
    deletedAt,
  })
  .meta({ id: "MessageSentData" });

/** Meta's template pacing, as the send answer said it (lib/cloud-api/post-send.ts). */
export const pacingSchema = z.enum(["held", "paused"]).meta({
  id: "MessagePacing",
  description:
    "Meta's template pacing of a marketing or utility template, from WhatsApp's send answer (`messages[0].message_status`): `held` for `held_for_quality_assessment` (WhatsApp holds it until it has early feedback on the template, then sends it or drops it with error 132015), `paused` for `paused`",
});

export const messageHeldData = z
  .object({ ...statusBase, status: z.literal("sent"), pacing: pacingSchema })
  .meta({ id: "MessageHeldData" });

export const messageDeliveredData = z
  .object({ ...statusBase, status: z.literal("delivered"), pricing })
  .meta({ id: "MessageDeliveredData" });

export const messageReadData = z
  .object({ ...statusBase, status: z.literal("read"), pricing })
  .meta({ id: "MessageReadData" });

export const messageFailedData = z
  .object({
    ...statusBase,
    status: z.literal("failed"),
    error: z
      .object({
        code: z.union([z.number(), z.string()]).nullable().meta({
          description:
            "The upstream's error code (e.g. 131026), or ours (`unconfirmed`, `queue_unavailable`)",
        }),
        message: z.string().meta({ description: "What went wrong" }),
        hint: z
          .string()
          .optional()
          .meta({ description: "What to do about the most frequent upstream codes" }),
      })
      .meta({ id: "MessageFailure" }),
  })
  .meta({ id: "MessageFailedData" });

const mediaRef = (withCaption: boolean, withFilename: boolean) =>
  z.object({
    id: uuid("Media reference (equals `messageId`); `GET /v1/media/{id}` answers a download link"),
    mime_type: z.string().meta({ description: "MIME type" }),
    ...(withCaption ? { caption: z.string().optional().meta({ description: "The sender's caption" }) } : {}),
    ...(withFilename ? { filename: z.string().optional().meta({ description: "Original file name" }) } : {}),
  });

const interactiveReply = z.union([
  z.object({
    type: z.literal("button"),
    reply: z
      .object({ id: z.string(), title: z.string() })
      .meta({ description: "The pressed button (a template quick reply: its payload as `id`)" }),
  }),
  z.object({
    type: z.literal("list"),
    list_reply: z
      .object({ id: z.string(), title: z.string(), description: z.string().optional() })
      .meta({ description: "The chosen row" }),
  }),
]);

/** One key, named by `contentType` (`document` for `file`); the payload never carries a media URL. */
const inboundContent = z
  .object({
    text: z.string().optional().meta({ description: "`text`: the message" }),
    image: mediaRef(true, false).optional(),
    audio: mediaRef(false, false).optional(),
    video: mediaRef(true, false).optional(),
    document: mediaRef(true, true).optional().meta({ description: "`file`: the document" }),
    sticker: mediaRef(false, false).optional(),
    location: z
      .object({
        latitude: z.number(),
        longitude: z.number(),
        name: z.string().optional(),
        address: z.string().optional(),
      })
      .optional(),
    interactive: interactiveReply.optional().meta({ description: "A button press or list choice" }),
    reaction: z
      .object({
        messageId: z
          .uuid()
          .nullable()
          .meta({ description: "Our id of the reacted message; null when unknown" }),
        emoji: z.string().meta({ description: '`""` when the customer removed the reaction' }),
      })
      .optional(),
    contacts: z
      .array(z.record(z.string(), z.unknown()))
      .optional()
      .meta({ description: "Shared contact cards, as WhatsApp sends them" }),
    type: z.string().optional().meta({ description: "`unsupported`: the upstream's message type" }),
  })
  .meta({ id: "InboundContent" });

export const INBOUND_CONTENT_TYPES = [
  "text",
  "image",
  "audio",
  "video",
  "file",
  "sticker",
  "location",
  "interactive",
  "reaction",
  "contacts",
  "unsupported",
] as const;

export const messageInboundData = z
  .object({
    messageId: uuid("Our message id"),
    whatsappMessageId: z.string().meta({ description: "Upstream id (`wamid.…`)" }),
    conversationId: uuid("Conversation"),
    contactId: uuid("Sending contact"),
    channel: z.literal("whatsapp"),
    channelId: z.uuid().nullable().meta({ description: "Channel that received the message" }),
    direction: z.literal("inbound"),
    contentType: z.enum(INBOUND_CONTENT_TYPES),
    status: z.literal("delivered"),
    timestamp: at,
    content: inboundContent,
    sender: z
      .object({
        phone: z
          .string()
          .nullable()
          .meta({ description: "Sender number without `+`; null for a username-only user" }),
        name: z.string().nullable().meta({ description: "The sender's profile name" }),
        bsuid: z.string().nullable().meta({ description: "Business-scoped user id of the sender" }),
        username: z
          .string()
          .nullable()
          .default(null)
          .meta({ description: "The sender's WhatsApp username; null when none" }),
      })
      .meta({ id: "InboundSender" }),
    referral: referralSchema.optional().meta({
      description:
        "Present when the customer wrote from a click-to-WhatsApp ad or post (Meta's `referral`); absent otherwise",
    }),
    responder,
    responderAppId,
    deletedAt,
  })
  .meta({ id: "MessageInboundData" });

/** Fields of a message changed after the fact (coexistence edits and revokes). */
const changedBase = {
  messageId: uuid("Our message id"),
  whatsappMessageId: z.string().nullable().meta({ description: "Upstream id (`wamid.…`)" }),
  conversationId: z.uuid().nullable().meta({ description: "Conversation of the message" }),
  contactId: z.uuid().nullable().meta({ description: "The customer" }),
  channelId: z.uuid().nullable().meta({ description: "Channel of the message" }),
  direction: z.enum(["inbound", "outbound"]).meta({ description: "Who wrote the message" }),
  timestamp: at,
};

export const messageEditedData = z
  .object({
    ...changedBase,
    contentType: z.string().meta({ description: "Kind of the new version (as `message.inbound`'s)" }),
    content: inboundContent.meta({ description: "The new version; the original stays stored" }),
    deletedAt,
  })
  .meta({ id: "MessageEditedData" });

export const messageDeletedData = z.object(changedBase).meta({ id: "MessageDeletedData" });
