import { z } from "zod";
import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import type { FlowJson } from "@/lib/flows/schemas";

const blank = (v: unknown) => (v === "" ? undefined : v);

export const flowsPageQuery = z.object({
  channel_id: z.preprocess(blank, z.uuid("choose a channel").optional()),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export type FlowsPageJson = {
  flows: FlowJson[];
  channels: { id: string; name: string }[];
  page: number;
  per_page: number;
  total: number;
};

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
});
