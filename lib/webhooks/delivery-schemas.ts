import { z } from "zod";
import { EVENT_NAMES, TEST_EVENT_NAME } from "@/lib/events/names";
import type { DeliveryJson } from "@/lib/webhooks/delivery-json";
import type { WebhookJson } from "@/lib/webhooks/webhook-json";

export const DELIVERY_EVENT_NAMES = [...EVENT_NAMES, TEST_EVENT_NAME] as const;
export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** Deliveries by creation time: newest first (the default) or oldest first. */
export const DELIVERY_SORTS = ["newest", "oldest"] as const;
export type DeliverySort = (typeof DELIVERY_SORTS)[number];

const instant = z.iso
  .datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2025-01-31T12:00:00Z" })
  .transform((v) => new Date(v));

const webhookId = z.string().regex(/^wbk_[0-9a-f]{1,64}$/, "must be a webhook id (wbk_…)");

const blank = (v: unknown) => (v === "" ? undefined : v);

/** Filters of the deliveries page; every one optional, combined with AND; newest first unless sort=oldest. */
export const deliveriesQuery = z.object({
  status: z.preprocess(blank, z.enum(DELIVERY_STATUSES).optional()),
  webhook_id: z.preprocess(blank, webhookId.optional()),
  event: z.preprocess(blank, z.enum(DELIVERY_EVENT_NAMES).optional()),
  since: z.preprocess(blank, instant.optional()),
  until: z.preprocess(blank, instant.optional()),
  sort: z.preprocess(blank, z.enum(DELIVERY_SORTS).default("newest")),
  /** opaque: the `next_cursor` of the previous page (in the same sort order) */
  cursor: z.preprocess(blank, z.string().max(200).optional()),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export type DeliveriesQuery = z.infer<typeof deliveriesQuery>;

/** "Redeliver all failed deliveries of this webhook created in [since, until)". */
export const bulkRedeliverBody = z.object({
  webhook_id: webhookId,
  since: instant,
  until: instant.optional(),
});

export type BulkRedeliverBody = z.input<typeof bulkRedeliverBody>;

/** "Retry now the retrying deliveries of this webhook", all of them or those created in [since, until). */
export const retryNowDashboardBody = z.object({
  webhook_id: webhookId,
  since: instant.optional(),
  until: instant.optional(),
});

export type RetryNowDashboardBody = z.input<typeof retryNowDashboardBody>;

/** The backlog of one webhook in a period: `webhook_id`, optional `since` and `until`. */
export const backlogQuery = retryNowDashboardBody;

/** What "Retry now" and "Redeliver failed" would take. */
export type BacklogJson = {
  /** pending after at least one failed attempt, waiting for the next automatic one */
  retrying: number;
  retrying_capped: boolean;
  /** every automatic attempt failed */
  failed: number;
  failed_capped: boolean;
  webhook_active: boolean;
};

export type DeliveryWebhookRef = { id: string; name: string; url: string; status: "active" | "disabled" };

/** A row of the deliveries table. */
export type DeliveryRowJson = {
  id: string;
  webhook: DeliveryWebhookRef;
  event: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
  last_status_code: number | null;
  last_error: string | null;
  /** the start of the latest attempt's answer body, for the one-line failure reason */
  last_response_snippet: string | null;
};

export type DeliveriesPageJson = {
  deliveries: DeliveryRowJson[];
  next_cursor: string | null;
  /** how many deliveries match the filters, counted up to MATCH_COUNT_CAP */
  matching: number;
  matching_capped: boolean;
};

/** One delivery in full: the envelope as sent, and every attempt with the headers it carried. */
export type DeliveryDetailJson = DeliveryJson & {
  webhook: DeliveryWebhookRef;
  /** the exact request body every attempt sent */
  payload: string;
};

export const MATCH_COUNT_CAP = 10_000;
export const BULK_REDELIVER_CAP = 5_000;

export type BulkRedeliverJson = { queued: number; more: boolean };

/** A webhook worth a look: disabled, or with failing deliveries in the last 24 hours. */
export type FailingWebhookJson = {
  id: string;
  name: string;
  url: string;
  status: "active" | "disabled";
  disabled_reason: string | null;
  disabled_at: string | null;
  /** disabled by the product (410 Gone, or no success for WEBHOOK_DISABLE_AFTER_DAYS) */
  auto_disabled: boolean;
  failed: number;
  retrying: number;
  succeeded: number;
  last_failure_at: string | null;
  last_answer: LastAnswerJson | null;
};

/**
 * succeeded / (succeeded + failed + retrying), or null when no delivery was attempted. A
 * delivery that failed at least once counts as failing until it succeeds: an endpoint that
 * answers 500 to everything has a rate of 0 %, not "no deliveries".
 */
export function successRate(succeeded: number, failed: number, retrying: number): number | null {
  const attempted = succeeded + failed + retrying;
  return attempted === 0 ? null : succeeded / attempted;
}

/** A webhook's latest answer, and how many attempts in a row answered the same. */
export type LastAnswerJson = {
  status_code: number | null;
  /** the one-line failure reason (lib/webhooks/failure-reason.ts); null for a 2xx */
  reason: string | null;
  at: string;
  streak: number;
  /** every recent attempt read answered alike: there may be more of them */
  streak_capped: boolean;
};

export type WebhookHealth = {
  succeeded: number;
  failed: number;
  /** pending after at least one failed attempt */
  retrying: number;
  last_failure_at: string | null;
  last_delivery_at: string | null;
  /** the latest attempt's answer; null when no attempt was made */
  last_answer: LastAnswerJson | null;
};

/** A row of the webhooks page: the registration (never the secret) and its last 24 hours. */
export type WebhookRowJson = WebhookJson & {
  health: WebhookHealth;
  /** succeeded / attempted deliveries of the last 24 hours (retrying ones count as failing); null when none */
  success_rate: number | null;
  /** while a rotation's grace period lasts, when the previous secret stops signing; else null */
  previous_secret_valid_until: string | null;
  /** when it was disabled; null while active (or disabled before this was kept) */
  disabled_at: string | null;
};
