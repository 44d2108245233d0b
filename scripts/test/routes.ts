import type { Endpoint } from "@/lib/api/endpoint";
import type { Scope } from "@/lib/api/scopes";
import { type EndpointId, V1_ENDPOINTS } from "@/lib/openapi/endpoints";

/**
 * Every /v1 route, for the shared auth suite (app/v1/auth.security.test.ts) and the hostile-input
 * fuzz test: method, path and scope come from the endpoint declarations (lib/<domain>/endpoints.ts);
 * this file only adds concrete values. A new endpoint adds its sample here (the type requires one):
 * any id for each path parameter and, for POST, a body that passes validation or not (auth comes first).
 */
export type TestRoute = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  scope: Scope;
  body?: unknown;
};

type Sample = { params?: Record<string, string>; body?: unknown };

const W = "wbk_000000000000000000000000";
const UUID = "00000000-0000-4000-8000-000000000000";

const SAMPLES: Record<EndpointId, Sample> = {
  listContacts: {},
  createContact: { body: { phone: "+14155550123" } },
  blockContact: { params: { id: UUID }, body: {} },
  unblockContact: { params: { id: UUID }, body: {} },
  getMessage: { params: { messageId: UUID } },
  getUsage: {},
  listTemplates: {},
  listChannels: {},
  getFlowEndpoint: { params: { id: UUID } },
  updateFlowEndpoint: { params: { id: UUID }, body: {} },
  rotateFlowEndpointKey: { params: { id: UUID }, body: {} },
  listFlows: {},
  createFlow: { body: { name: "auth suite", categories: ["OTHER"] } },
  getFlow: { params: { id: UUID } },
  updateFlow: { params: { id: UUID }, body: { name: "renamed" } },
  deleteFlow: { params: { id: UUID } },
  publishFlow: { params: { id: UUID }, body: {} },
  deprecateFlow: { params: { id: UUID }, body: {} },
  previewFlow: { params: { id: UUID } },
  listFlowResponses: { params: { id: UUID } },
  listCalls: {},
  placeCall: { body: { to: "+14155550123", sdp_offer: "v=0" } },
  getCall: { params: { id: UUID } },
  preAcceptCall: { params: { id: UUID }, body: { sdp_answer: "v=0" } },
  acceptCall: { params: { id: UUID }, body: { sdp_answer: "v=0" } },
  rejectCall: { params: { id: UUID }, body: {} },
  terminateCall: { params: { id: UUID }, body: {} },
  requestCallPermission: { body: { to: "+14155550123" } },
  getCallSettings: { params: { id: UUID } },
  updateCallSettings: { params: { id: UUID }, body: { ring_seconds: 30 } },
  sendMessage: { body: { to: "+14155550123", type: "text", text: { body: "auth suite" } } },
  sendTemplate: {
    params: { templateId: "auth_suite_template" },
    body: { to: "+14155550123", language: "en" },
  },
  createBroadcast: {
    body: {
      name: "auth suite",
      template: { name: "t", language: { code: "en" } },
      recipients: [{ to: "+14155550123" }],
    },
  },
  listBroadcasts: {},
  getBroadcast: { params: { id: UUID } },
  listBroadcastRecipients: { params: { id: UUID } },
  pauseBroadcast: { params: { id: UUID } },
  resumeBroadcast: { params: { id: UUID } },
  cancelBroadcast: { params: { id: UUID } },
  retryBroadcast: { params: { id: UUID } },
  takeConversation: { params: { id: UUID }, body: {} },
  releaseConversation: { params: { id: UUID }, body: {} },
  passConversation: { params: { id: UUID }, body: { target_role: "ai_agent" } },
  getMedia: { params: { id: UUID } },
  markMessageRead: { params: { messageId: UUID }, body: { typing_indicator: true } },
  listWebhooks: {},
  createWebhook: { body: { url: "https://example.com/hooks", events: ["contact.created"] } },
  getWebhook: { params: { id: W } },
  updateWebhook: { params: { id: W }, body: { name: "renamed" } },
  deleteWebhook: { params: { id: W } },
  listDeliveries: { params: { id: W } },
  redeliver: { params: { id: W, deliveryId: "wh_1_00" } },
  recoverWebhook: { params: { id: W }, body: { since: "2026-01-01T00:00:00Z" } },
  listEvents: {},
  getEvent: { params: { id: UUID } },
  retryNow: { params: { id: W }, body: {} },
};

function concretePath(endpoint: Endpoint, sample: Sample): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = sample.params?.[name];
    if (value === undefined)
      throw new Error(`scripts/test/routes.ts: no sample {${name}} for ${endpoint.operationId}`);
    return value;
  });
}

const BY_ID = new Map<string, Endpoint>(V1_ENDPOINTS.map((endpoint) => [endpoint.operationId, endpoint]));

export const V1_ROUTES: TestRoute[] = Object.entries(SAMPLES).map(([id, sample]) => {
  const endpoint = BY_ID.get(id);
  if (!endpoint) throw new Error(`scripts/test/routes.ts: no endpoint ${id}`);
  const route: TestRoute = {
    method: endpoint.method,
    path: concretePath(endpoint, sample),
    scope: endpoint.scope,
  };
  return sample.body === undefined ? route : { ...route, body: sample.body };
});
