import type { EventPricing } from "@/lib/events/pricing";
import type { UpstreamStatus } from "@/lib/inbound/notification-schema";

/** The pricing a status notification carries, or undefined when it carries none. */
export function statusPricing(status: UpstreamStatus): EventPricing | undefined {
  const p = status.pricing;
  if (!p) return undefined;
  return {
    billable: p.billable ?? null,
    pricingModel: p.pricing_model ?? null,
    category: p.category ?? null,
    type: p.type ?? null,
  };
}

/**
 * Whether Meta bills the message: its `billable` flag, or, where the flag is left out (Meta
 * deprecated it with per-message pricing), its type: only `regular` messages are charged;
 * `free_customer_service` and `free_entry_point` are free. The rule is Meta's of the day the
 * message was sent, as its status reports it (from 2026-10-01 service replies and in-window
 * utility templates come `regular`; Meta Business Agent's messages in their own category,
 * sandbox/send/pricing.ts): the product stores it with the message and never re-prices it.
 */
export function billableOf(pricing: EventPricing): boolean | null {
  if (pricing.billable !== null) return pricing.billable;
  return pricing.type === null ? null : pricing.type === "regular";
}
