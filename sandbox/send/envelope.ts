import { z } from "zod";
import { errors } from "@/sandbox/errors";
import { digitsOf } from "@/sandbox/ids";
import { type Interactive, interactiveObject } from "@/sandbox/send/interactive";
import { locationObject } from "@/sandbox/send/location";
import { type MediaKind, mediaObjects } from "@/sandbox/send/media-object";
import { parseOrThrow } from "@/sandbox/send/parse";
import { type TemplateObject, templateObject } from "@/sandbox/send/template-object";
import { textObject } from "@/sandbox/send/text";
import { userKey } from "@/sandbox/state";

const TYPES = [
  "text",
  "image",
  "audio",
  "video",
  "document",
  "sticker",
  "location",
  "interactive",
  "template",
  "reaction",
] as const;
type MessageType = (typeof TYPES)[number];

const typedKeys = Object.fromEntries(TYPES.map((t) => [t, z.unknown().optional()])) as Record<
  MessageType,
  z.ZodOptional<z.ZodUnknown>
>;

const envelope = z.strictObject({
  messaging_product: z.literal("whatsapp"),
  recipient_type: z.literal("individual").optional(),
  to: z.string().min(1).optional(),
  /** Meta's newer send API: a business-scoped user id in place of `to` */
  recipient: z.string().min(1).optional(),
  type: z.enum(TYPES).default("text"),
  context: z.strictObject({ message_id: z.string().min(1) }).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  ...typedKeys,
});

const markRead = z.strictObject({
  messaging_product: z.literal("whatsapp"),
  status: z.literal("read"),
  message_id: z.string().min(1),
  typing_indicator: z.strictObject({ type: z.literal("text") }).optional(),
});

/** Meta: `message_id` of the message reacted to; an empty `emoji` removes the reaction. */
const reactionObject = z.strictObject({ message_id: z.string().min(1), emoji: z.string() });

export type Content =
  | { type: "text"; text: z.infer<typeof textObject> }
  | { type: MediaKind; media: { link?: string; id?: string; caption?: string; filename?: string } }
  | { type: "location"; location: z.infer<typeof locationObject> }
  | { type: "interactive"; interactive: Interactive }
  | { type: "template"; template: TemplateObject }
  | { type: "reaction"; reaction: z.infer<typeof reactionObject> };

export type SendRequest =
  | { kind: "read"; message_id: string }
  | {
      kind: "message";
      /** `to` as given, or the business-scoped user id of `recipient` */
      to: string;
      /** the wa_id, or userKey(recipient): the key of the window and the pair limit */
      waId: string;
      /** set when the message was addressed by business-scoped user id */
      userId?: string;
      bizOpaque?: string;
      content: Content;
    };

function contentOf(type: MessageType, value: unknown): Content {
  switch (type) {
    case "text":
      return { type, text: parseOrThrow(textObject, value, [type]) };
    case "location":
      return { type, location: parseOrThrow(locationObject, value, [type]) };
    case "interactive":
      return { type, interactive: parseOrThrow(interactiveObject, value, [type]) };
    case "template":
      return { type, template: parseOrThrow(templateObject, value, [type]) };
    case "reaction":
      return { type, reaction: parseOrThrow(reactionObject, value, [type]) };
    default:
      return { type, media: parseOrThrow(mediaObjects[type], value, [type]) };
  }
}

function addressOf(to: string | undefined, recipient: string | undefined) {
  if (to === undefined) {
    if (recipient === undefined) throw errors.required("to");
    return { to: recipient, waId: userKey(recipient), userId: recipient };
  }
  const waId = digitsOf(to);
  if (waId.length < 5 || waId.length > 15)
    throw errors.invalidParameter("Param to must be a valid phone number.");
  return { to, waId };
}

/** Validate a POST /{phone_number_id}/messages body the way the Cloud API does. */
export function parseSendRequest(body: unknown): SendRequest {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw errors.required("messaging_product");
  if ("status" in body) return { kind: "read", ...parseOrThrow(markRead, body) };
  const parsed = parseOrThrow(envelope, body);
  if (parsed.to !== undefined && parsed.recipient !== undefined)
    throw errors.invalidParameter("Params to and recipient cannot be used together.");
  const address = addressOf(parsed.to, parsed.recipient);
  for (const other of TYPES) {
    if (other !== parsed.type && parsed[other] !== undefined) {
      throw errors.invalidParameter(`Param ${other} is not allowed for a message of type ${parsed.type}.`);
    }
  }
  if (parsed[parsed.type] === undefined) throw errors.required(parsed.type);
  return {
    kind: "message",
    ...address,
    bizOpaque: parsed.biz_opaque_callback_data,
    content: contentOf(parsed.type, parsed[parsed.type]),
  };
}
