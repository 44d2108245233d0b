import { z } from "zod";
import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { MANAGERS } from "@/lib/auth/roles";
import type { FlowEndpointJson } from "@/lib/flow-endpoint/schemas";

export type ChannelFlowEndpointJson = FlowEndpointJson & { channel_name: string };

/** The Channels page's Flows data endpoints (app/api/dashboard/flow-endpoints, …/flow-endpoint/rotate-key). */
export const FLOW_ENDPOINT_DASHBOARD = declareDashboardEndpoints({
  /** each active channel's data endpoint URL and key state; owners and admins, like the channels */
  listFlowEndpoints: {
    method: "GET",
    path: "/api/dashboard/flow-endpoints",
    roles: MANAGERS,
    answer: answer<{ endpoints: ChannelFlowEndpointJson[] }>(),
    status: 200,
  },
  /** a new key pair, uploaded to WhatsApp (lib/flow-endpoint/rotate-flow-key.ts) */
  rotateFlowKey: {
    method: "POST",
    path: "/api/dashboard/channels/{id}/flow-endpoint/rotate-key",
    roles: MANAGERS,
    params: z.object({ id: z.string() }),
    answer: answer<{ endpoint: FlowEndpointJson }>(),
    status: 200,
  },
});
