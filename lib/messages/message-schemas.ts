import { z } from "zod";
import { requiredPhoneSchema } from "@/lib/contacts/schemas";
import { isHttpUrl } from "@/lib/messages/http-url";

/**
 * The body of POST /v1/whatsapp/messages. These schemas are the OpenAPI document's and the
 * validators' alike; validate-send-message.ts maps their issues to the contract's codes and adds
 * what a static schema cannot know (loopback links, the stored template).
 */
export const MESSAGE_TYPES = [
  "text",
  "image",
  "audio",
  "video",
  "document",
  "location",
  "template",
  "interactive",
  "reaction",
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The contract's limits; `caption`, `sectionTitle` and `rowsTotal` are the Cloud API's where it is silent. */
export const LIMITS = {
  textBody: 4096,
  caption: 1024,
  headerText: 60,
  bodyText: 1024,
  footerText: 60,
  buttons: 3,
  buttonTitle: 20,
  buttonId: 256,
  displayText: 20,
  url: 2000,
  listButton: 20,
  sections: 10,
  sectionTitle: 24,
  rowsPerSection: 10,
  rowsTotal: 10,
  rowTitle: 24,
  rowDescription: 72,
  rowId: 256,
  // no page of Meta's gives these three; our bounds, generous (a UUID-like token is 36)
  flowToken: 512,
  flowName: 200,
  flowScreen: 200,
} as const;

const chars = (max: number) => z.string().min(1).max(max);
const link = z
  .string()
  .min(1)
  .meta({ description: "Public HTTPS URL the upstream fetches", example: "https://example.com/a.jpg" });
const caption = z.string().max(LIMITS.caption).optional();

export const textContent = z
  .object({
    body: chars(LIMITS.textBody).meta({ description: "Message text" }),
    preview_url: z.boolean().default(false).meta({ description: "true renders a preview of the first link" }),
  })
  .meta({ id: "TextContent" });
export const imageContent = z
  .object({ link, caption })
  .meta({ id: "ImageContent", description: "JPEG or PNG, at most 5 MB" });
export const audioContent = z
  .object({ link })
  .meta({ id: "AudioContent", description: "At most 16 MB; no caption" });
export const videoContent = z
  .object({ link, caption })
  .meta({ id: "VideoContent", description: "At most 16 MB" });
export const documentContent = z
  .object({ link, caption, filename: z.string().optional().meta({ description: "Shown to the recipient" }) })
  .meta({ id: "DocumentContent", description: "At most 100 MB" });

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
export const locationContent = z
  .object({ latitude, longitude, name: z.string().optional(), address: z.string().optional() })
  .meta({ id: "LocationContent" });

const parameterName = z
  .string()
  .min(1)
  .optional()
  .meta({ description: "Variable name, for named templates" });
export const templateParameter = z
  .discriminatedUnion(
    "type",
    [
      z.object({ type: z.literal("text"), text: z.string().min(1), parameter_name: parameterName }),
      z.object({
        type: z.literal("currency"),
        currency: z.object({
          fallback_value: z.string().min(1),
          code: z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code such as USD"),
          amount_1000: z.int().meta({ description: "Amount in the smallest unit × 1000 (25.50 → 25500)" }),
        }),
        parameter_name: parameterName,
      }),
      z.object({
        type: z.literal("date_time"),
        date_time: z.object({ fallback_value: z.string().min(1) }),
        parameter_name: parameterName,
      }),
      z.object({ type: z.literal("image"), image: z.object({ link }) }),
      z.object({ type: z.literal("video"), video: z.object({ link }) }),
      z.object({
        type: z.literal("document"),
        document: z.object({ link, filename: z.string().optional() }),
      }),
      z.object({
        type: z.literal("location"),
        location: z.object({ latitude, longitude, name: z.string(), address: z.string() }),
      }),
      z.object({ type: z.literal("payload"), payload: z.string().min(1) }),
      // a FLOW button (Meta's "Sending a Flow", template messages): the token and first screen
      z.object({
        type: z.literal("action"),
        action: z
          .object({
            flow_token: chars(LIMITS.flowToken).optional(),
            flow_action_data: z.record(z.string(), z.unknown()).optional(),
          })
          .default({}),
      }),
    ],
    {
      error:
        "parameter type must be text, currency, date_time, image, video, document, location, payload or action",
    },
  )
  .meta({ id: "TemplateParameter" });

export const templateComponent = z
  .object({
    type: z.enum(["header", "body", "button"]),
    sub_type: z
      .enum(["url", "quick_reply", "flow"])
      .optional()
      .meta({ description: "Required for a button" }),
    index: z
      .int()
      .min(0)
      .max(9)
      .optional()
      .meta({ description: "0-based button position; required for a button" }),
    parameters: z.array(templateParameter),
  })
  .meta({ id: "TemplateComponent" });

export const templateHead = z.object({
  name: chars(512).meta({ description: "Template name as registered upstream (not the id)" }),
  language: z.object({
    code: z.string().min(1).meta({ description: "Exactly as created, e.g. en or pt_BR" }),
  }),
});
export const templateContent = templateHead
  .extend({ components: z.array(templateComponent).optional() })
  .meta({ id: "TemplateContent" });

const footer = z.object({ text: z.string().max(LIMITS.footerText) });
const body = z.object({ text: chars(LIMITS.bodyText) });
const headerText = z.string().max(LIMITS.headerText);
export const interactiveHeader = z
  .discriminatedUnion(
    "type",
    [
      z.object({ type: z.literal("text"), text: headerText }),
      z.object({ type: z.literal("image"), image: z.object({ link }) }),
      z.object({ type: z.literal("video"), video: z.object({ link }) }),
      z.object({
        type: z.literal("document"),
        document: z.object({ link, filename: z.string().optional() }),
      }),
    ],
    { error: "header.type must be text, image, video or document" },
  )
  .meta({ id: "InteractiveHeader" });

const replyButton = z.object({
  type: z.literal("reply", { error: "a quick-reply button has type reply" }).default("reply"),
  reply: z.object({ id: chars(LIMITS.buttonId), title: chars(LIMITS.buttonTitle) }),
});
const listRow = z.object({
  id: chars(LIMITS.rowId),
  title: chars(LIMITS.rowTitle),
  description: z.string().max(LIMITS.rowDescription).optional(),
});
const listSection = z.object({
  title: z
    .string()
    .max(LIMITS.sectionTitle)
    .optional()
    .meta({ description: "Required when there are several sections" }),
  rows: z.array(listRow).min(1).max(LIMITS.rowsPerSection),
});

export const buttonInteractive = z
  .object({
    type: z.literal("button"),
    header: interactiveHeader.optional(),
    body,
    footer: footer.optional(),
    action: z.object({ buttons: z.array(replyButton).min(1).max(LIMITS.buttons) }),
  })
  .meta({ id: "InteractiveButtons" });
export const listInteractive = z
  .object({
    type: z.literal("list"),
    // a union of one, so that a wrong type is reported before the fields that type would need
    header: z
      .discriminatedUnion("type", [z.object({ type: z.literal("text"), text: headerText })], {
        error: "a list header can only be text",
      })
      .optional(),
    body,
    footer: footer.optional(),
    action: z.object({
      button: chars(LIMITS.listButton),
      sections: z.array(listSection).min(1).max(LIMITS.sections),
    }),
  })
  .meta({ id: "InteractiveList" });
export const ctaUrlInteractive = z
  .object({
    type: z.literal("cta_url"),
    header: interactiveHeader.optional(),
    body,
    footer: footer.optional(),
    action: z.object({
      name: z.literal("cta_url").default("cta_url"),
      parameters: z.object({
        display_text: chars(LIMITS.displayText),
        url: chars(LIMITS.url).refine(isHttpUrl, "must be an http:// or https:// URL"),
      }),
    }),
  })
  .meta({ id: "InteractiveCtaUrl" });
/**
 * Meta's "Sending a Flow" (developers.facebook.com/documentation/business-messaging/whatsapp/flows/guides/sendingaflow/):
 * `action.name` "flow", `parameters` with flow_message_version "3", flow_id or flow_name,
 * flow_cta (20 characters at most), flow_action navigate (the default) or data_exchange, and for
 * navigate a flow_action_payload {screen, data}; mode draft or published (the default).
 * flow_token is optional here: the product makes one when the caller gives none (our decision,
 * lib/messages/flow-token.ts), so that the answer can be matched to this message.
 */
export const flowParameters = z
  .object({
    flow_message_version: z
      .literal("3")
      .default("3")
      .meta({ description: 'Always "3" (Meta\'s current version)' }),
    flow_token: chars(LIMITS.flowToken)
      .optional()
      .meta({ description: "Given back with the answer; the product makes an unguessable one when absent" }),
    flow_id: z.string().regex(/^\d+$/, "a Flow id is digits").optional(),
    flow_name: chars(LIMITS.flowName).optional(),
    flow_cta: chars(LIMITS.buttonTitle).meta({ description: "The button's text (20 characters at most)" }),
    flow_action: z.enum(["navigate", "data_exchange"]).default("navigate"),
    flow_action_payload: z
      .object({
        screen: chars(LIMITS.flowScreen).meta({ description: "The first screen's id" }),
        data: z.record(z.string(), z.unknown()).optional().meta({ description: "The first screen's data" }),
      })
      .optional()
      .meta({ description: "navigate only: the first screen and its data" }),
    mode: z
      .enum(["draft", "published"])
      .optional()
      .meta({ description: "draft: test a Flow not yet published" }),
  })
  .superRefine((p, ctx) => {
    if ((p.flow_id === undefined) === (p.flow_name === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: p.flow_id === undefined ? ["flow_id"] : ["flow_name"],
        message: "give exactly one of flow_id and flow_name",
        input: p.flow_id === undefined ? undefined : p.flow_name,
      });
    }
    if (p.flow_action === "data_exchange" && p.flow_action_payload !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["flow_action_payload"],
        message: "flow_action_payload is for navigate only; data_exchange asks the Flow's endpoint",
      });
    }
  });
export const flowInteractive = z
  .object({
    type: z.literal("flow"),
    header: interactiveHeader.optional(),
    body,
    footer: footer.optional(),
    action: z.object({ name: z.literal("flow").default("flow"), parameters: flowParameters }),
  })
  .meta({ id: "InteractiveFlow" });
export const interactiveContent = z
  .discriminatedUnion("type", [buttonInteractive, listInteractive, ctaUrlInteractive, flowInteractive])
  .meta({ id: "InteractiveContent" });

/** A reaction needs no template but the 24-hour window, like any free-form message. */
export const reactionContent = z
  .object({
    message_id: z.string().min(1).meta({
      description:
        "The message reacted to: its messageId in this service (UUID, of this organization) or its wamid",
      example: "wamid.HBgLMTY1MDUwNzY1MjAVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA",
    }),
    emoji: z
      .string()
      .max(32)
      .meta({ description: "One emoji; an empty string removes the reaction sent before", example: "👍" }),
  })
  .meta({ id: "ReactionContent" });

/** The upstream's business-scoped user id (sender.bsuid of message.received), e.g. `US.13491208655302741918`. */
export const bsuidSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, "a business-scoped user id (printable characters, no spaces)");

export const messageCommon = z.object({
  to: requiredPhoneSchema.optional().meta({
    description: "E.164, with or without +. Required unless `recipient` is given; wins when both are",
    example: "+14155550123",
  }),
  recipient: bsuidSchema.optional().meta({
    description:
      "Business-scoped user id (sender.bsuid) of a customer who wrote to this organization, for customers without a known phone number",
    example: "US.13491208655302741918",
  }),
  type: z.enum(MESSAGE_TYPES, {
    error: (issue) =>
      issue.input === undefined ? undefined : `type must be one of ${MESSAGE_TYPES.join(", ")}`,
  }),
  channel_id: z.string().optional().meta({ description: "Sending channel" }),
});
const common = messageCommon.omit({ type: true }).shape;

export const sendMessageBody = z
  .discriminatedUnion("type", [
    z.object({ ...common, type: z.literal("text"), text: textContent }).meta({ id: "SendTextMessage" }),
    z.object({ ...common, type: z.literal("image"), image: imageContent }).meta({ id: "SendImageMessage" }),
    z.object({ ...common, type: z.literal("audio"), audio: audioContent }).meta({ id: "SendAudioMessage" }),
    z.object({ ...common, type: z.literal("video"), video: videoContent }).meta({ id: "SendVideoMessage" }),
    z
      .object({ ...common, type: z.literal("document"), document: documentContent })
      .meta({ id: "SendDocumentMessage" }),
    z
      .object({ ...common, type: z.literal("location"), location: locationContent })
      .meta({ id: "SendLocationMessage" }),
    z
      .object({ ...common, type: z.literal("template"), template: templateContent })
      .meta({ id: "SendTemplateMessage" }),
    z
      .object({ ...common, type: z.literal("interactive"), interactive: interactiveContent })
      .meta({ id: "SendInteractiveMessage" }),
    z
      .object({ ...common, type: z.literal("reaction"), reaction: reactionContent })
      .meta({ id: "SendReactionMessage" }),
  ])
  .meta({ id: "SendMessageBody" });

export type SendMessageInput = z.output<typeof sendMessageBody>;
export type InteractiveInput = z.output<typeof interactiveContent>;
export type TemplateInput = z.output<typeof templateContent>;
export type TemplateComponentInput = z.output<typeof templateComponent>;
export type TemplateParameterInput = z.output<typeof templateParameter>;
