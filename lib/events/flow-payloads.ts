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

/** Meta's health alerts of the `flows` webhook field (lib/flows/flow-health.ts). */
export const FLOW_HEALTH_KINDS = [
  "CLIENT_ERROR_RATE",
  "ENDPOINT_ERROR_RATE",
  "ENDPOINT_LATENCY",
  "ENDPOINT_AVAILABILITY",
  "FLOW_VERSION_EXPIRY_WARNING",
] as const;

const whichFlow = {
  flowId: z.uuid().nullable().meta({
    description: "Our id of the Flow (GET /v1/whatsapp/flows/{id}); null when it was not synced yet",
  }),
  upstreamFlowId: z.string().meta({ description: "Meta's flow id (`flow_id`)" }),
  channelId: z.uuid().nullable(),
  wabaId: z.string().meta({ description: "The WhatsApp Business Account the notification came for" }),
};

export const flowStatusChangedData = z
  .object({
    ...whichFlow,
    oldStatus: z
      .string()
      .nullable()
      .meta({ description: "Meta's status before: DRAFT, PUBLISHED, THROTTLED, …" }),
    newStatus: z
      .string()
      .meta({ description: "Meta's status now: PUBLISHED, THROTTLED, BLOCKED, DEPRECATED, …" }),
    message: z.string().nullable().meta({ description: "Meta's own sentence about the change" }),
    problem: z.boolean().meta({ description: "true when the new status is THROTTLED or BLOCKED" }),
    timestamp: z.iso
      .datetime()
      .meta({ description: "Time of the event on the server (ISO 8601, milliseconds)" }),
  })
  .meta({ id: "FlowStatusChangedData" });

export const flowHealthData = z
  .object({
    ...whichFlow,
    kind: z.enum(FLOW_HEALTH_KINDS).meta({ description: "Meta's alert (`event`)" }),
    alertState: z.string().nullable().meta({
      description: "Meta's `alert_state`: ACTIVATED when the threshold is crossed, DEACTIVATED when back",
    }),
    threshold: z
      .number()
      .nullable()
      .meta({ description: "Meta's `threshold` (percent, or milliseconds for latency)" }),
    value: z.number().nullable().meta({
      description:
        "The measured value as Meta gives it: `error_rate` (percent), `p90_latency` (ms), `availability` (percent); null for a version warning",
    }),
    period: z.string().nullable().meta({
      description:
        'The window Meta measured over, as its message says ("60 minutes"); null when it names none',
    }),
    message: z.string().nullable().meta({ description: "Meta's own sentence about the alert" }),
    problem: z.boolean().meta({
      description:
        "true for an active alert (error rate or latency over, availability under the threshold) and for a version expiry warning",
    }),
    details: z
      .record(z.string(), z.unknown())
      .meta({ description: "Every other field of Meta's value, as sent (e.g. `errors`)" }),
    timestamp: z.iso
      .datetime()
      .meta({ description: "Time of the event on the server (ISO 8601, milliseconds)" }),
  })
  .meta({ id: "FlowHealthData" });
