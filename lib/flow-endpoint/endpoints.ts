import { declareEndpoints } from "@/lib/api/endpoint";
import { flowEndpointJson, flowEndpointParams, updateFlowEndpointBody } from "@/lib/flow-endpoint/schemas";

/**
 * The hosted Flows data endpoint of a channel. Scope `webhooks:manage`: like a webhook, the
 * setting names a URL of yours that receives signed requests (decided here; no Flows scope exists).
 */
export const FLOW_ENDPOINT_ENDPOINTS = declareEndpoints({
  getFlowEndpoint: {
    method: "GET",
    path: "/v1/whatsapp/channels/{id}/flow-endpoint",
    tag: "Channels",
    scope: "webhooks:manage",
    summary: "Get a channel's Flows data endpoint",
    description:
      "The URL WhatsApp calls for Flows with a data endpoint (`endpoint_url`, to give as the Flow's `endpoint_uri`), the business public key uploaded for the number with its fingerprint and upload time, and your receiver of decrypted requests. See the guide's \"The data endpoint\".",
    params: flowEndpointParams,
    response: flowEndpointJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
  updateFlowEndpoint: {
    method: "PATCH",
    path: "/v1/whatsapp/channels/{id}/flow-endpoint",
    tag: "Channels",
    scope: "webhooks:manage",
    summary: "Set a channel's Flows receiver",
    description:
      "Sets `receiver_url` (public HTTPS, refused like webhook URLs when private) and its signing `secret`. The first call also makes the channel's RSA-2048 key pair and uploads the public key to WhatsApp. A generated secret is returned once in `secret`.",
    params: flowEndpointParams,
    body: updateFlowEndpointBody,
    response: flowEndpointJson,
    status: 200,
    errors: [
      "RESOURCE_NOT_FOUND",
      "VALIDATION_INVALID_FIELD",
      "RESOURCE_INVALID_STATE",
      "WHATSAPP_SEND_FAILED",
    ],
  },
  rotateFlowEndpointKey: {
    method: "POST",
    path: "/v1/whatsapp/channels/{id}/flow-endpoint/rotate-key",
    tag: "Channels",
    scope: "webhooks:manage",
    summary: "Rotate a channel's Flows key",
    description:
      "Makes a new key pair and uploads its public key to WhatsApp. The old key stays in use until the upload succeeds (a failed upload answers `WHATSAPP_SEND_FAILED` and changes nothing), and still opens requests for an hour after.",
    params: flowEndpointParams,
    response: flowEndpointJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND", "RESOURCE_INVALID_STATE", "WHATSAPP_SEND_FAILED"],
  },
});
