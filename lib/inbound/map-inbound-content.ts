import type { INBOUND_CONTENT_TYPES } from "@/lib/events/message-payloads";
import type { InboundMessage } from "@/lib/inbound/notification-schema";
import { type AnsweredFlow, flowReplyContent, parseFlowResponse } from "@/lib/inbound/parse-flow-response";

export type MappedInbound = {
  contentType: (typeof INBOUND_CONTENT_TYPES)[number];
  content: Record<string, unknown>;
  media?: { upstreamId: string; mimeType: string; filename?: string; sha256?: string };
};

const MEDIA_TYPES = ["image", "audio", "video", "document", "sticker"] as const;

/**
 * Maps an upstream message to the contract's content. Media objects carry only our
 * reference (id = our messageId), mime_type, caption and filename: never a URL.
 */
export function mapInboundContent(
  message: InboundMessage,
  messageId: string,
  /** a reaction's target: our id of the reacted message (same organization), null when unknown */
  reactedMessageId: string | null = null,
  /** a completed Flow's answer: the Flow message of this organization its token names, null when none */
  answeredFlow: AnsweredFlow | null = null,
): MappedInbound {
  const type = message.type;
  if (type === "text" && message.text) return { contentType: "text", content: { text: message.text.body } };

  for (const mediaType of MEDIA_TYPES) {
    const media = message[mediaType];
    if (type !== mediaType || !media) continue;
    const mimeType = media.mime_type ?? "application/octet-stream";
    const reference: Record<string, unknown> = { id: messageId, mime_type: mimeType };
    if (mediaType !== "audio" && media.caption !== undefined) reference.caption = media.caption;
    if (mediaType === "document" && media.filename !== undefined) reference.filename = media.filename;
    return {
      contentType: mediaType === "document" ? "file" : mediaType,
      content: { [mediaType]: reference },
      media: { upstreamId: media.id, mimeType, filename: media.filename, sha256: media.sha256 },
    };
  }

  if (type === "location" && message.location) {
    const { latitude, longitude, name, address } = message.location;
    return { contentType: "location", content: { location: { latitude, longitude, name, address } } };
  }
  if (type === "interactive" && message.interactive?.button_reply) {
    const { id, title } = message.interactive.button_reply;
    return { contentType: "interactive", content: { interactive: { type: "button", reply: { id, title } } } };
  }
  if (type === "interactive" && message.interactive?.list_reply) {
    const { id, title, description } = message.interactive.list_reply;
    return {
      contentType: "interactive",
      content: { interactive: { type: "list", list_reply: { id, title, description } } },
    };
  }
  if (type === "interactive" && message.interactive?.nfm_reply) {
    const { response_json: json, body } = message.interactive.nfm_reply;
    return {
      contentType: "interactive",
      content: { interactive: flowReplyContent(parseFlowResponse(json), answeredFlow, body) },
    };
  }
  if (type === "button" && message.button) {
    // a template quick-reply press (design.md): the payload becomes reply.id
    const { payload, text } = message.button;
    return {
      contentType: "interactive",
      content: {
        interactive: { type: "button", reply: { id: payload ?? text ?? "", title: text ?? payload ?? "" } },
      },
    };
  }
  if (type === "reaction" && message.reaction) {
    // an empty emoji: the customer removed their reaction
    return {
      contentType: "reaction",
      content: { reaction: { messageId: reactedMessageId, emoji: message.reaction.emoji ?? "" } },
    };
  }
  if (type === "contacts" && message.contacts) {
    return { contentType: "contacts", content: { contacts: message.contacts } };
  }
  return { contentType: "unsupported", content: { type } };
}
