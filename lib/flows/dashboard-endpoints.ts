import { z } from "zod";
import { answer, declareDashboardEndpoints, fileAnswer } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import type { FlowHealthJson, FlowJson } from "@/lib/flows/schemas";

const blank = (v: unknown) => (v === "" ? undefined : v);

export const flowsPageQuery = z.object({
  channel_id: z.preprocess(blank, z.uuid("choose a channel").optional()),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export type FlowsPageJson = {
  flows: FlowJson[];
  /** `sync_failure`: why the channel's last Flows sync failed (its Flows may be out of date), or null */
  channels: { id: string; name: string; sync_failure: { at: string; error: string } | null }[];
  page: number;
  per_page: number;
  total: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real UTC calendar day written YYYY-MM-DD (what a date input gives); blank is none. */
const day = (label: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .refine((v) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
        message: `${label} is a UTC calendar day, YYYY-MM-DD`,
      })
      .optional(),
  );

/** A Flow's answers on the Flows page: UTC days, both included (the Usage page's convention). */
export const flowResponsesRange = z.object({ from: day("from"), to: day("to") });

export const flowResponsesPageQuery = flowResponsesRange.extend({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

/** One answered field: its key in response_json, a label made from it, and the value as text. */
export type FlowAnswerFieldJson = { key: string; label: string; value: string };

export type FlowResponseRowJson = {
  message_id: string;
  conversation_id: string | null;
  received_at: string;
  flow_token: string | null;
  customer: { id: string; name: string | null; phone: string | null; user_id: string | null } | null;
  answers: FlowAnswerFieldJson[];
};

export type FlowResponsesPageJson = {
  flow: { id: string; name: string; status: FlowJson["status"]; channel: { id: string; name: string } };
  responses: FlowResponseRowJson[];
  page: number;
  per_page: number;
  total: number;
};

/** One alert or status change of a Flow's history: an event's id, `Flow.health`'s fields, the status it left. */
export type FlowHealthEntryJson = FlowHealthJson & { id: string; old_status: string | null };

export type FlowHealthHistoryJson = {
  alerts: FlowHealthEntryJson[];
  /** more than the page lists (the events API has them all) */
  has_more: boolean;
  /** how long alerts are kept (EVENT_RETENTION_DAYS) */
  kept_days: number;
};

/** The most answers one CSV export holds; a range with more is refused (narrow the dates). */
export const FLOW_RESPONSES_EXPORT_MAX = 50_000;

/** The Flows page (app/api/dashboard/flows). */
export const FLOW_DASHBOARD = declareDashboardEndpoints({
  /** everyone may read the Flows */
  listFlows: {
    method: "GET",
    path: "/api/dashboard/flows",
    roles: EVERYONE,
    query: flowsPageQuery,
    answer: answer<FlowsPageJson>(),
    status: 200,
  },
  /** Meta's preview link of a Flow (kept on the Flow until near its expiry) */
  previewFlow: {
    method: "GET",
    path: "/api/dashboard/flows/{id}/preview",
    roles: EVERYONE,
    params: z.object({ id: z.string() }),
    answer: answer<{ url: string; expires_at: string }>(),
    status: 200,
  },
  /** publishing is one way and account-wide: owners and admins */
  publishFlow: {
    method: "POST",
    path: "/api/dashboard/flows/{id}/publish",
    roles: MANAGERS,
    params: z.object({ id: z.string() }),
    answer: answer<{ flow: FlowJson }>(),
    status: 200,
  },
  /** a Flow's answers, newest first, paged, between two UTC days; everyone who reads conversations */
  listFlowResponses: {
    method: "GET",
    path: "/api/dashboard/flows/{id}/responses",
    roles: EVERYONE,
    params: z.object({ id: z.string() }),
    query: flowResponsesPageQuery,
    answer: answer<FlowResponsesPageJson>(),
    status: 200,
  },
  /** every health alert and status change WhatsApp sent about a Flow, newest first; everyone */
  flowHealth: {
    method: "GET",
    path: "/api/dashboard/flows/{id}/health",
    roles: EVERYONE,
    params: z.object({ id: z.string() }),
    answer: answer<FlowHealthHistoryJson>(),
    status: 200,
  },
  /** the answers as CSV (phone numbers in bulk): managers, the other exports' limits, one budget */
  exportFlowResponses: {
    method: "GET",
    path: "/api/dashboard/flows/{id}/responses/export",
    roles: MANAGERS,
    limit: "export",
    params: z.object({ id: z.string() }),
    query: flowResponsesRange,
    answer: fileAnswer(),
    status: 200,
  },
});
