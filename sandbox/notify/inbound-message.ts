import { createHash } from "node:crypto";
import { z } from "zod";
import { digitsOf, newNumericId } from "@/sandbox/ids";
import { isSampleName, SAMPLE_TYPES, type SampleName, sampleBytes } from "@/sandbox/samples";
import type { PhoneNumber, SandboxState } from "@/sandbox/state";

const sample = z.string().refine(isSampleName, { message: `one of ${Object.keys(SAMPLE_TYPES).join(", ")}` });
const mediaInput = z
  .strictObject({
    sample: sample.optional(),
    caption: z.string().optional(),
    filename: z.string().optional(),
    mime_type: z.string().optional(),
    voice: z.boolean().optional(),
  })
  .default({});
const base = { context: z.strictObject({ id: z.string().min(1), from: z.string().optional() }).optional() };

/** The `message` of POST /_sandbox/inbound: what the WhatsApp user sends. */
export const inboundMessage = z.discriminatedUnion("type", [
  z.strictObject({ ...base, type: z.literal("text"), text: z.strictObject({ body: z.string().min(1) }) }),
  z.strictObject({ ...base, type: z.literal("image"), image: mediaInput }),
  z.strictObject({ ...base, type: z.literal("audio"), audio: mediaInput }),
  z.strictObject({ ...base, type: z.literal("video"), video: mediaInput }),
  z.strictObject({ ...base, type: z.literal("document"), document: mediaInput }),
  z.strictObject({ ...base, type: z.literal("sticker"), sticker: mediaInput }),
  z.strictObject({
    ...base,
    type: z.literal("contacts"),
    // Meta's contact cards: name{formatted_name,…}, phones[], emails[], addresses[], org, urls[], birthday
    contacts: z.array(z.looseObject({ name: z.looseObject({ formatted_name: z.string() }) })).min(1),
  }),
  z.strictObject({
    ...base,
    type: z.literal("location"),
    location: z.looseObject({ latitude: z.number(), longitude: z.number() }),
  }),
  z.strictObject({
    ...base,
    type: z.literal("interactive"),
    interactive: z.union([
      z.strictObject({
        type: z.literal("button_reply"),
        button_reply: z.strictObject({ id: z.string(), title: z.string() }),
      }),
      z.strictObject({
        type: z.literal("list_reply"),
        list_reply: z.strictObject({ id: z.string(), title: z.string(), description: z.string().optional() }),
      }),
      // a completed Flow (Meta's "Receive Flow response"): response_json is a string of JSON
      z.strictObject({
        type: z.literal("nfm_reply"),
        nfm_reply: z.strictObject({
          name: z.string().default("flow"),
          body: z.string().default("Sent"),
          response_json: z.string(),
        }),
      }),
    ]),
  }),
  z.strictObject({
    ...base,
    type: z.literal("button"),
    button: z.strictObject({ payload: z.string(), text: z.string() }),
  }),
  z.strictObject({
    ...base,
    type: z.literal("reaction"),
    reaction: z.strictObject({ message_id: z.string(), emoji: z.string() }),
  }),
  // coexistence numbers: the user edits (text, or a caption) or deletes an earlier message
  z.strictObject({
    ...base,
    type: z.literal("edit"),
    edit: z.strictObject({
      original_message_id: z.string().min(1),
      message: z.union([
        z.strictObject({ type: z.literal("text"), text: z.strictObject({ body: z.string().min(1) }) }),
        z.strictObject({
          type: z.enum(["image", "video", "document"]),
          caption: z.string().min(1),
        }),
      ]),
    }),
  }),
  z.strictObject({
    ...base,
    type: z.literal("revoke"),
    revoke: z.strictObject({ original_message_id: z.string().min(1) }),
  }),
]);

type InboundMessage = z.infer<typeof inboundMessage>;
type MediaType = "image" | "audio" | "video" | "document" | "sticker";

const DEFAULT_SAMPLE: Record<MediaType, SampleName> = {
  image: "sample.jpg",
  audio: "sample.ogg",
  video: "sample.mp4",
  document: "sample.pdf",
  sticker: "sample.webp",
};

/** Register the sample as a media id of the WABA (so GET /{media_id} works) and describe it as Meta does. */
function mediaObject(
  state: SandboxState,
  number: PhoneNumber,
  type: MediaType,
  input: z.infer<typeof mediaInput>,
) {
  const name = input.sample !== undefined && isSampleName(input.sample) ? input.sample : DEFAULT_SAMPLE[type];
  const bytes = sampleBytes(name);
  const fallbackMime = type === "audio" && input.voice ? "audio/ogg; codecs=opus" : SAMPLE_TYPES[name];
  const mime = input.mime_type ?? fallbackMime;
  const filename = type === "document" ? (input.filename ?? name) : undefined;
  const id = newNumericId();
  state.media.set(id, { id, waba_id: number.waba_id, mime_type: mime, bytes, filename });
  return {
    ...(input.caption !== undefined && type !== "audio" ? { caption: input.caption } : {}),
    ...(filename !== undefined ? { filename } : {}),
    mime_type: mime,
    // webhooks carry the base64 digest; GET /{media_id} answers the hex one, as Meta does
    sha256: createHash("sha256").update(bytes).digest("base64"),
    id,
    ...(type === "audio" && input.voice !== undefined ? { voice: input.voice } : {}),
  };
}

/** One item of `value.messages[]`. */
export function inboundMessageObject(
  state: SandboxState,
  number: PhoneNumber,
  /** the sender's wa_id, or (a user who hides the number) the business-scoped user id */
  from: { wa_id: string } | { user_id: string },
  id: string,
  timestamp: number,
  message: InboundMessage,
): Record<string, unknown> {
  const { context, ...content } = message;
  const sender = "wa_id" in from ? { from: from.wa_id } : { from_user_id: from.user_id };
  const item: Record<string, unknown> = { ...sender, id, timestamp: String(timestamp), type: content.type };
  if (context) item.context = { from: context.from ?? digitsOf(number.display_phone_number), id: context.id };
  switch (content.type) {
    case "image":
      item.image = mediaObject(state, number, "image", content.image);
      break;
    case "audio":
      item.audio = mediaObject(state, number, "audio", content.audio);
      break;
    case "video":
      item.video = mediaObject(state, number, "video", content.video);
      break;
    case "document":
      item.document = mediaObject(state, number, "document", content.document);
      break;
    case "sticker":
      // Meta adds whether the sticker is animated
      item.sticker = { ...mediaObject(state, number, "sticker", content.sticker), animated: false };
      break;
    case "edit": {
      const inner = content.edit.message;
      const message =
        inner.type === "text" ? inner : { type: inner.type, [inner.type]: { caption: inner.caption } };
      item.edit = { original_message_id: content.edit.original_message_id, message };
      break;
    }
    default:
      Object.assign(item, content);
  }
  return item;
}
