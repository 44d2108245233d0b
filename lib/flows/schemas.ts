import { z } from "zod";
import { pageQuery } from "@/lib/api/pagination";
import { FLOW_HEALTH_KINDS } from "@/lib/events/flow-payloads";

/** As Meta names them (Flows API: Flow status lifecycle). */
export const FLOW_STATUSES = ["DRAFT", "PUBLISHED", "DEPRECATED", "BLOCKED", "THROTTLED"] as const;

/** Meta's Flow categories (Flows API, create). */
export const FLOW_CATEGORIES = [
  "SIGN_UP",
  "SIGN_IN",
  "APPOINTMENT_BOOKING",
  "LEAD_GENERATION",
  "CONTACT_US",
  "CUSTOMER_SUPPORT",
  "SURVEY",
  "OTHER",
] as const;

/** Meta: a Flow name is unique per WABA; 200 characters is our bound (Meta publishes none). */
const name = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .meta({ description: "Unique among the channel's WABA's Flows" });
const categories = z
  .array(z.enum(FLOW_CATEGORIES))
  .min(1)
  .max(FLOW_CATEGORIES.length)
  .meta({ description: "At least one of Meta's Flow categories" });
const flowJson = z.record(z.string(), z.unknown()).meta({
  description: "The Flow JSON (version, screens, …), uploaded to Meta as the Flow's FLOW_JSON asset",
});

export const createFlowBody = z
  .object({
    name,
    categories,
    flow_json: flowJson.optional(),
    channel_id: z
      .string()
      .optional()
      .meta({ description: "Channel UUID; optional when the organization has exactly one active channel" }),
  })
  .meta({ id: "CreateFlowRequest" });

export const updateFlowBody = z
  .object({ name: name.optional(), categories: categories.optional(), flow_json: flowJson.optional() })
  .meta({ id: "UpdateFlowRequest" });

export const listFlowsQuery = pageQuery
  .extend({
    channel_id: z.string().optional().meta({ description: "Only this channel's Flows" }),
    status: z.enum(FLOW_STATUSES).optional().meta({ description: "Only Flows with this status" }),
  })
  .meta({ id: "ListFlowsQuery" });

export const flowParams = z.object({ id: z.string().meta({ description: "Flow id (ours, a UUID)" }) });

/** One of Meta's validation errors, with the request field and the screen it names. */
export const flowValidationError = z
  .object({
    field: z
      .string()
      .meta({ description: "Where in the request: `flow_json.screens[0].layout.children[1].type`" }),
    screen: z.string().nullable().meta({ description: "The screen's id (or `screens[N]` when it has none)" }),
    message: z.string(),
    error: z.string().meta({ description: "Meta's error name, e.g. INVALID_PROPERTY_VALUE" }),
    line: z
      .int()
      .nullable()
      .meta({ description: "Line in the Flow JSON as sent to Meta (two-space indented)" }),
    column: z.int().nullable(),
  })
  .meta({ id: "FlowValidationError" });

/** The latest alert of Meta's `flows` webhook about a Flow (lib/flows/apply-flow-webhook.ts). */
export const flowHealthJson = z
  .object({
    kind: z.enum(["FLOW_STATUS_CHANGE", ...FLOW_HEALTH_KINDS]).meta({ description: "Meta's `event`" }),
    problem: z.boolean().meta({
      description:
        "true while it needs action: status THROTTLED or BLOCKED, an ACTIVATED error rate, latency or availability alert, a version expiry warning",
    }),
    new_status: z
      .string()
      .nullable()
      .meta({ description: "FLOW_STATUS_CHANGE only: the status Meta moved it to" }),
    alert_state: z
      .string()
      .nullable()
      .meta({ description: "Meta's `alert_state`: ACTIVATED or DEACTIVATED" }),
    threshold: z.number().nullable(),
    value: z
      .number()
      .nullable()
      .meta({ description: "error_rate or availability (percent), p90_latency (ms)" }),
    period: z
      .string()
      .nullable()
      .meta({ description: 'The window measured, from Meta\'s message ("60 minutes")' }),
    message: z.string().nullable().meta({ description: "Meta's own sentence" }),
    received_at: z.iso.datetime(),
  })
  .meta({ id: "FlowHealth" });

export type FlowHealthJson = z.infer<typeof flowHealthJson>;

export const flowJsonSchema = z
  .object({
    id: z.uuid(),
    flow_id: z.string().meta({ description: "Meta's Flow id: use it as `flow_id` when sending the Flow" }),
    name: z.string(),
    categories: z.array(z.string()),
    status: z.enum(FLOW_STATUSES),
    channel_id: z.uuid(),
    flow_json: z.record(z.string(), z.unknown()).nullable(),
    validation_errors: z.array(flowValidationError),
    preview: z.object({ url: z.string(), expires_at: z.iso.datetime() }).nullable(),
    health: flowHealthJson.nullable().meta({
      description: "The latest health alert or status change WhatsApp sent about the Flow; null before any",
    }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Flow" });

export type FlowJson = z.infer<typeof flowJsonSchema>;

export const flowPreviewJson = z
  .object({
    url: z.string().meta({ description: "Meta's web preview of the Flow" }),
    expires_at: z.iso.datetime(),
  })
  .meta({ id: "FlowPreview" });

export const deletedFlowJson = z
  .object({ id: z.uuid(), deleted: z.literal(true) })
  .meta({ id: "DeletedFlow" });

const instant = (description: string) =>
  z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z" })
    .optional()
    .meta({ description, example: "2026-01-31T12:00:00Z" });

export const listFlowResponsesQuery = pageQuery
  .extend({
    from: instant("Only answers received at or after this time"),
    to: instant("Only answers received before this time"),
  })
  .meta({ id: "ListFlowResponsesQuery" });

/** One customer's completed Flow (an `nfm_reply`), as `message.inbound` carried it. */
export const flowResponseJson = z
  .object({
    message_id: z.uuid().meta({ description: "The inbound message that carried the answer" }),
    conversation_id: z.uuid().nullable(),
    contact_id: z.uuid().nullable(),
    flow_message_id: z.uuid().meta({ description: "The Flow message (ours) the answer completes" }),
    broadcast_id: z.uuid().nullable().meta({ description: "The broadcast that sent the Flow message" }),
    flow_token: z.string().nullable(),
    fields: z
      .record(z.string(), z.unknown())
      .meta({ description: "What the customer filled in: response_json without flow_token" }),
    received_at: z.iso.datetime(),
  })
  .meta({ id: "FlowResponseListItem" });

export type FlowResponseJson = z.infer<typeof flowResponseJson>;
