import { z } from "zod";
import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { MANAGERS, SUPPORT } from "@/lib/auth/roles";
import type { DeliveryJson } from "@/lib/webhooks/delivery-json";
import {
  type BacklogJson,
  type BulkRedeliverJson,
  backlogQuery,
  bulkRedeliverBody,
  type DeliveriesPageJson,
  type DeliveryDetailJson,
  type DeliveryWebhookRef,
  deliveriesQuery,
  type FailingWebhookJson,
  retryNowDashboardBody,
  type WebhookRowJson,
} from "@/lib/webhooks/delivery-schemas";
import { createWebhookBody, updateWebhookBody } from "@/lib/webhooks/schemas";
import type { RotatedSecretJson, WebhookJson } from "@/lib/webhooks/webhook-json";

const idParams = z.object({ id: z.string() });

/**
 * The Webhooks and Deliveries pages' routes (app/api/dashboard/webhooks, deliveries,
 * overview/webhooks). Webhook settings and secrets are the managers'; deliveries are support's
 * (agents see each URL without query or user-info and signatures masked: lib/webhooks/support-view.ts).
 */
export const WEBHOOK_DASHBOARD = declareDashboardEndpoints({
  /** every webhook with its last 24 hours (success rate, failures, retries), and how many may exist */
  listWebhooks: {
    method: "GET",
    path: "/api/dashboard/webhooks",
    roles: MANAGERS,
    answer: answer<{ webhooks: WebhookRowJson[]; limit: number }>(),
    status: 200,
  },
  /** same rules as POST /v1/webhooks; the secret is never answered */
  createWebhook: {
    method: "POST",
    path: "/api/dashboard/webhooks",
    roles: MANAGERS,
    body: createWebhookBody,
    answer: answer<{ webhook: WebhookJson }>(),
    status: 201,
  },
  /** edit, enable or disable; an empty or absent `secret` keeps the stored one */
  updateWebhook: {
    method: "PATCH",
    path: "/api/dashboard/webhooks/{id}",
    roles: MANAGERS,
    params: idParams,
    body: updateWebhookBody,
    answer: answer<{ webhook: WebhookJson }>(),
    status: 200,
  },
  /** with its deliveries and their attempts */
  deleteWebhook: {
    method: "DELETE",
    path: "/api/dashboard/webhooks/{id}",
    roles: MANAGERS,
    params: idParams,
    answer: answer<{ id: string; deleted: true }>(),
    status: 200,
  },
  /** "Send test event": one `webhook.test` delivery to this webhook only */
  sendTestEvent: {
    method: "POST",
    path: "/api/dashboard/webhooks/{id}/test",
    roles: MANAGERS,
    params: idParams,
    answer: answer<{ deliveryId: string; eventId: string }>(),
    status: 201,
  },
  /** the new secret this one time, and until when the previous one still signs */
  rotateSecret: {
    method: "POST",
    path: "/api/dashboard/webhooks/{id}/rotate-secret",
    roles: MANAGERS,
    params: idParams,
    answer: answer<RotatedSecretJson>(),
    status: 200,
  },
  /** the overview's panel: webhooks disabled, or failing in the last 24 hours */
  listFailingWebhooks: {
    method: "GET",
    path: "/api/dashboard/overview/webhooks",
    roles: SUPPORT,
    answer: answer<{ webhooks: FailingWebhookJson[] }>(),
    status: 200,
  },
  /**
   * The deliveries page's webhook filter: names only, for every role that reads deliveries (the
   * full list with settings and health is the managers'; an agent's page asked for it and was refused)
   */
  listDeliveryWebhooks: {
    method: "GET",
    path: "/api/dashboard/deliveries/webhooks",
    roles: SUPPORT,
    answer: answer<{ webhooks: { id: string; name: string }[] }>(),
    status: 200,
  },
  /** across the organization's webhooks, filtered, newest (or oldest) first, by keyset pages */
  listDeliveries: {
    method: "GET",
    path: "/api/dashboard/deliveries",
    roles: SUPPORT,
    query: deliveriesQuery,
    answer: answer<DeliveriesPageJson>(),
    status: 200,
  },
  /** payload as sent, every attempt with its headers, the next attempt time */
  getDelivery: {
    method: "GET",
    path: "/api/dashboard/deliveries/{id}",
    roles: SUPPORT,
    params: idParams,
    answer: answer<{ delivery: DeliveryDetailJson }>(),
    status: 200,
  },
  /** now: it becomes pending, due at once, attempt numbers continue */
  redeliver: {
    method: "POST",
    path: "/api/dashboard/deliveries/{id}/redeliver",
    roles: SUPPORT,
    params: idParams,
    answer: answer<{ delivery: DeliveryJson & { webhook: DeliveryWebhookRef } }>(),
    status: 200,
  },
  /** every failed delivery of one webhook created in [since, until) */
  bulkRedeliver: {
    method: "POST",
    path: "/api/dashboard/deliveries/redeliver",
    roles: SUPPORT,
    body: bulkRedeliverBody,
    answer: answer<BulkRedeliverJson>(),
    status: 200,
  },
  /** the retrying deliveries of one webhook (optionally created in [since, until)) are due at once */
  retryNow: {
    method: "POST",
    path: "/api/dashboard/deliveries/retry-now",
    roles: SUPPORT,
    body: retryNowDashboardBody,
    answer: answer<{ count: number }>(),
    status: 200,
  },
  /** how many deliveries of one webhook are retrying and how many failed, in a period */
  countBacklog: {
    method: "GET",
    path: "/api/dashboard/deliveries/backlog",
    roles: SUPPORT,
    query: backlogQuery,
    answer: answer<BacklogJson>(),
    status: 200,
  },
});
