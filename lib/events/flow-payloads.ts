import { z } from "zod";

/**
 * A completed Flow's answer, in `message.inbound`'s `content.interactive` (type `flow`) and in
 * `flow.completed`. Keys are snake_case like the rest of `content` (Meta's own names).
 */
export const flowResponseSchema = z
  .object({
    flow_token: z
      .string()
      .nullable()
      .meta({ description: "The token of the answered Flow message (null when the answer was malformed)" }),
    fields: z
      .record(z.string(), z.unknown())
      .meta({ description: "What the customer filled in: Meta's response_json without flow_token" }),
    message_id: z.uuid().nullable().meta({
      description:
        "Our id of the Flow message answered, found by its token in this organization only; null when no message of this organization has the token",
    }),
    broadcast_id: z
      .uuid()
      .nullable()
      .meta({ description: "The broadcast that sent the answered Flow message; null otherwise" }),
    malformed: z.boolean().meta({ description: "true when response_json was not a JSON object" }),
    response_json: z
      .string()
      .optional()
      .meta({ description: "Only when malformed: response_json exactly as WhatsApp sent it" }),
  })
  .meta({ id: "FlowResponse" });

export const flowReply = z.object({
  type: z.literal("flow"),
  body: z.string().nullable().meta({ description: 'The reply\'s text in the chat (Meta sends "Sent")' }),
  flow_response: flowResponseSchema,
});

export const flowCompletedData = z
  .object({
    messageId: z.uuid().meta({ description: "Our id of the customer's answer (its `message.inbound`)" }),
    flowMessageId: z.uuid().nullable().meta({
      description:
        "Our id of the Flow message answered (in this organization); null when the token matches none",
    }),
    broadcastId: z
      .uuid()
      .nullable()
      .meta({ description: "The broadcast that sent the Flow message; null otherwise" }),
    conversationId: z.uuid(),
    contactId: z.uuid(),
    channelId: z.uuid().nullable(),
    flowToken: z.string().nullable(),
    fields: z.record(z.string(), z.unknown()).meta({ description: "What the customer filled in" }),
    timestamp: z.iso
      .datetime()
      .meta({ description: "Time of the event on the server (ISO 8601, milliseconds)" }),
  })
  .meta({ id: "FlowCompletedData" });
