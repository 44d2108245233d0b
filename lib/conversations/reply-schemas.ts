import { z } from "zod";

const value = z.string().trim().min(1, "fill every variable").max(1024);

/**
 * The person confirmed answering a conversation another responder owns (conversation routing):
 * WhatsApp gives it to us when the reply goes out. Without it such a reply is refused, nothing sent.
 */
const takeOver = z.boolean().default(false);

/**
 * A staff reply from the conversation thread: free text or a published Flow (window open), or an
 * approved template.
 */
export const replyBody = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    text: z.string().trim().min(1, "write a message").max(4096),
    take_over: takeOver,
  }),
  z.object({
    type: z.literal("template"),
    take_over: takeOver,
    template_id: z.uuid("choose a template"),
    /** the approved language chosen (the dashboard offers the customer's last one first); else /v1's default */
    language: z.string().trim().min(1).max(15).optional(),
    /** the body's variables ({{1}}, {{2}}… in number order, or the named ones in order of appearance) */
    parameters: z.array(value).max(50).default([]),
    /** a text header's variables, in the same order */
    header_parameters: z.array(value).max(10).default([]),
    /** the link of an image, video or document header */
    header_link: z
      .url({ protocol: /^https?$/, error: "give the link of the header's file" })
      .max(2048)
      .optional(),
    /** the variable of each URL button that has one, in the buttons' order */
    button_parameters: z.array(value).max(10).default([]),
  }),
  /**
   * A published Flow of the conversation's channel, opened with `navigate` (Meta's "Sending a
   * Flow": flow_cta at most 20 characters, the body 1024); the send path makes its flow token.
   */
  z.object({
    type: z.literal("flow"),
    take_over: takeOver,
    flow_id: z.uuid("choose a Flow"),
    cta: z
      .string()
      .trim()
      .min(1, "write the button's text")
      .max(20, "the button's text is 20 characters at most"),
    body: z.string().trim().min(1, "write the message's text").max(1024),
    /** the first screen's id; the Flow JSON's first screen when none is given */
    screen: z
      .string()
      .trim()
      .max(200)
      .regex(/^[A-Za-z0-9_]*$/, "a screen id is letters, digits and _")
      .optional(),
  }),
]);

export type ReplyBody = z.infer<typeof replyBody>;
/** What the dashboard posts (defaults not yet applied). */
export type ReplyInput = z.input<typeof replyBody>;
