import { declareEndpoints } from "@/lib/api/endpoint";
import {
  createFlowBody,
  deletedFlowJson,
  flowJsonSchema,
  flowParams,
  flowPreviewJson,
  flowResponseJson,
  listFlowResponsesQuery,
  listFlowsQuery,
  updateFlowBody,
} from "@/lib/flows/schemas";

/**
 * WhatsApp Flows as a resource (issue 31 part 1), over Meta's Flows API. Scopes (our decision, no
 * new scope): reading Flows is `whatsapp:templates` like the template list; creating, changing,
 * publishing, deprecating and deleting them is `whatsapp:send`, which already lets a key act on
 * the channel at Meta.
 */
const one = {
  tag: "Flows" as const,
  params: flowParams,
  response: flowJsonSchema,
  status: 200 as const,
};

export const FLOW_ENDPOINTS = declareEndpoints({
  listFlows: {
    method: "GET",
    path: "/v1/whatsapp/flows",
    tag: "Flows",
    scope: "whatsapp:templates",
    summary: "List Flows",
    description:
      "The organization's WhatsApp Flows, last changed first, with their status as Meta names it (DRAFT, PUBLISHED, DEPRECATED, BLOCKED, THROTTLED). Kept in step with Meta per channel with the template sync (every 15 minutes and on demand): Flows made in WhatsApp Manager appear there.",
    query: listFlowsQuery,
    response: flowJsonSchema,
    list: true,
    status: 200,
    errors: [],
  },
  createFlow: {
    method: "POST",
    path: "/v1/whatsapp/flows",
    tag: "Flows",
    scope: "whatsapp:send",
    summary: "Create a Flow",
    description:
      "Creates a DRAFT Flow at Meta on the channel's WhatsApp Business Account and uploads `flow_json` as its Flow JSON. Errors Meta finds in the Flow JSON do not refuse the draft: they come back in `validation_errors` (field and screen each), and publishing is refused until a PATCH fixes them.",
    body: createFlowBody,
    response: flowJsonSchema,
    status: 201,
    errors: [
      "VALIDATION_MISSING_FIELD",
      "VALIDATION_INVALID_FIELD",
      "WHATSAPP_CHANNEL_NOT_FOUND",
      "RESOURCE_ALREADY_EXISTS",
      "WHATSAPP_SEND_FAILED",
    ],
  },
  getFlow: {
    ...one,
    method: "GET",
    path: "/v1/whatsapp/flows/{id}",
    scope: "whatsapp:templates",
    summary: "Get a Flow",
    errors: ["RESOURCE_NOT_FOUND"],
  },
  updateFlow: {
    ...one,
    method: "PATCH",
    path: "/v1/whatsapp/flows/{id}",
    scope: "whatsapp:send",
    summary: "Update a draft Flow",
    description:
      "Changes a DRAFT's name, categories or Flow JSON (uploaded to Meta as a new Flow JSON asset; its `validation_errors` replace the old ones). Meta keeps published Flows unchanged: anything else than a draft answers 409 `RESOURCE_INVALID_STATE`.",
    body: updateFlowBody,
    errors: [
      "RESOURCE_NOT_FOUND",
      "RESOURCE_INVALID_STATE",
      "RESOURCE_ALREADY_EXISTS",
      "VALIDATION_INVALID_FIELD",
      "WHATSAPP_SEND_FAILED",
    ],
  },
  deleteFlow: {
    ...one,
    method: "DELETE",
    path: "/v1/whatsapp/flows/{id}",
    scope: "whatsapp:send",
    summary: "Delete a draft Flow",
    description: "Deletes a DRAFT at Meta and here. Published Flows are deprecated, not deleted (409).",
    response: deletedFlowJson,
    errors: ["RESOURCE_NOT_FOUND", "RESOURCE_INVALID_STATE", "WHATSAPP_SEND_FAILED"],
  },
  publishFlow: {
    ...one,
    method: "POST",
    path: "/v1/whatsapp/flows/{id}/publish",
    scope: "whatsapp:send",
    summary: "Publish a Flow",
    description:
      "Publishes a DRAFT (one way: a published Flow cannot be changed). A Flow JSON with errors answers 400 `VALIDATION_ERROR` with `details.errors[]` of `{ field, screen, message, error, line, column }`, as Meta reports them.",
    errors: ["RESOURCE_NOT_FOUND", "RESOURCE_INVALID_STATE", "VALIDATION_ERROR", "WHATSAPP_SEND_FAILED"],
  },
  deprecateFlow: {
    ...one,
    method: "POST",
    path: "/v1/whatsapp/flows/{id}/deprecate",
    scope: "whatsapp:send",
    summary: "Deprecate a Flow",
    description: "A published Flow can no longer be sent (one way). A draft answers 409: delete it instead.",
    errors: ["RESOURCE_NOT_FOUND", "RESOURCE_INVALID_STATE", "WHATSAPP_SEND_FAILED"],
  },
  listFlowResponses: {
    method: "GET",
    path: "/v1/whatsapp/flows/{id}/responses",
    tag: "Flows",
    scope: "whatsapp:templates",
    summary: "List a Flow's responses",
    description:
      "What customers filled in, newest first: every completed Flow (`nfm_reply`) whose flow token names a Flow message this organization sent that opened this Flow (an interactive `flow` naming its id or name, or a template whose FLOW button names its id). Filter by when the answer arrived with `from` and `to`. The same answers came as `message.inbound` and `flow.completed` events.",
    params: flowParams,
    query: listFlowResponsesQuery,
    response: flowResponseJson,
    list: true,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
  previewFlow: {
    ...one,
    method: "GET",
    path: "/v1/whatsapp/flows/{id}/preview",
    scope: "whatsapp:templates",
    summary: "Preview a Flow",
    description: "Meta's web preview link of the Flow and its expiry (Meta keeps a link about 30 days).",
    response: flowPreviewJson,
    errors: ["RESOURCE_NOT_FOUND", "WHATSAPP_SEND_FAILED"],
  },
});
