import { declareEndpoints } from "@/lib/api/endpoint";
import { pageQuery } from "@/lib/api/pagination";
import { deliveryJson } from "@/lib/webhooks/delivery-json";
import {
  createWebhookBody,
  deliveryParams,
  listDeliveriesQuery,
  updateWebhookBody,
  webhookParams,
} from "@/lib/webhooks/schemas";
import { deletedWebhookJson, webhookJson } from "@/lib/webhooks/webhook-json";

export const WEBHOOK_ENDPOINTS = declareEndpoints({
  createWebhook: {
    method: "POST",
    path: "/v1/webhooks",
    tag: "Webhooks",
    scope: "webhooks:manage",
    summary: "Register a webhook",
    description:
      "`url` and `events` are required. The URL must be public HTTPS: private, loopback, link-local and metadata addresses (however written, and names resolving to them) are refused with `VALIDATION_INVALID_FIELD` on `url`. The `secret` is write-only and signs every delivery. At most 20 webhooks an organization.",
    body: createWebhookBody,
    response: webhookJson,
    status: 201,
    errors: ["VALIDATION_MISSING_FIELD", "VALIDATION_INVALID_FIELD"],
  },
  listWebhooks: {
    method: "GET",
    path: "/v1/webhooks",
    tag: "Webhooks",
    scope: "webhooks:manage",
    summary: "List webhooks",
    description:
      "Newest first. Secrets are never returned; `has_secret` tells whether deliveries are signed.",
    query: pageQuery,
    response: webhookJson,
    list: true,
    status: 200,
    errors: [],
  },
  getWebhook: {
    method: "GET",
    path: "/v1/webhooks/{id}",
    tag: "Webhooks",
    scope: "webhooks:manage",
    summary: "Get a webhook",
    params: webhookParams,
    response: webhookJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
  updateWebhook: {
    method: "PATCH",
    path: "/v1/webhooks/{id}",
    tag: "Webhooks",
    scope: "webhooks:manage",
    summary: "Update a webhook",
    description:
      "Changes the fields given. `secret`: absent or empty keeps the stored secret, a new value replaces it, `null` removes it. `status: disabled` stops deliveries (pending ones fail); `active` resumes.",
    params: webhookParams,
    body: updateWebhookBody,
    response: webhookJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND", "VALIDATION_INVALID_FIELD"],
  },
  deleteWebhook: {
    method: "DELETE",
    path: "/v1/webhooks/{id}",
    tag: "Webhooks",
    scope: "webhooks:manage",
    summary: "Delete a webhook",
    description: "Deletes the webhook with its deliveries; queued attempts are dropped.",
    params: webhookParams,
    response: deletedWebhookJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
  listDeliveries: {
    method: "GET",
    path: "/v1/webhooks/{id}/deliveries",
    tag: "Webhooks",
    scope: "webhooks:manage",
    summary: "List a webhook's deliveries",
    description:
      "Newest first, each with every attempt (status code, duration, error, the first 1 KB of the answer, the headers sent). Filters: `status`, `event`, `since`, `until`.",
    params: webhookParams,
    query: listDeliveriesQuery,
    response: deliveryJson,
    list: true,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND", "VALIDATION_INVALID_FIELD"],
  },
  redeliver: {
    method: "POST",
    path: "/v1/webhooks/{id}/deliveries/{deliveryId}/retry",
    tag: "Webhooks",
    scope: "webhooks:manage",
    summary: "Redeliver",
    description:
      "Sends the delivery again now, with the same delivery id; attempt numbers continue. Answers the delivery, `pending`. The webhook must be active.",
    params: deliveryParams,
    response: deliveryJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND", "VALIDATION_INVALID_FIELD"],
  },
});
