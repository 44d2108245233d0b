import { windowOpen } from "@/sandbox/send/window";
import { type PhoneNumber, type SandboxState, windowKey } from "@/sandbox/state";

const ENTRY_POINT_MS = 72 * 60 * 60 * 1000;

export type Pricing = { category: string; billable: boolean; pricing_type: string };

/**
 * The day Meta's October 2026 prices start: service messages and utility templates sent in an open
 * customer-service window are billed from then on. Source: "Upcoming pricing updates for Meta
 * Business Agent, service and utility messages" (Meta's developer documentation, updated
 * 2026-07-01; read from the copy at
 * https://nermalcat69.github.io/meta-developer-docs/documentation/business-messaging/whatsapp/pricing/authentication-international-rates.html)
 * ("Effective October 1, 2026, Meta will charge for service messages … [and] for utility messages
 * sent in response to users within an open 24-hour customer service window").
 */
export const SERVICE_BILLED_FROM = "2026-10-01";

/**
 * Meta's per-message pricing of a send on the day it is sent (the pricing page above): every
 * delivered template is billed at its category, and from 2026-10-01 so are service messages
 * (non-template replies in the customer-service window) and utility templates in the window; a
 * free entry point (the user came from a click-to-WhatsApp ad or a Page button, 72 hours) makes
 * everything free. Before 2026-10-01 (the `pricing_date` setting tells the sandbox which day it
 * is; `free_service_window` forces the older rules whatever the day) service messages and utility
 * templates in the window are free (`free_customer_service`). The page names no new pricing
 * `type` for the billed ones: the sandbox reports them `regular`, billable, like every other
 * charged message (our decision). Messages sent through the Marketing Messages API are priced
 * `marketing_lite`. A message keeps the pricing of the day it was sent: its statuses carry the
 * pricing computed here once, at acceptance.
 */
export function pricingOf(
  state: SandboxState,
  number: PhoneNumber,
  waId: string,
  templateCategory: string | undefined,
  viaMarketingApi = false,
): Pricing {
  const now = Date.now();
  const opened = state.entryPoints.get(windowKey(number.id, waId));
  const category = viaMarketingApi ? "marketing_lite" : (templateCategory ?? "service");
  if (opened !== undefined && now - opened < ENTRY_POINT_MS) {
    return { category, billable: false, pricing_type: "free_entry_point" };
  }
  const freeInWindow =
    olderRules(state, now) &&
    (templateCategory === undefined ||
      (templateCategory === "utility" && windowOpen(state, number.id, waId)));
  if (freeInWindow) return { category, billable: false, pricing_type: "free_customer_service" };
  return { category, billable: true, pricing_type: "regular" };
}

/** Whether the rules before October 2026 apply to a send now. */
function olderRules(state: SandboxState, now: number): boolean {
  const day = state.settings.pricing_date ?? new Date(now).toISOString().slice(0, 10);
  return state.settings.free_service_window || day < SERVICE_BILLED_FROM;
}

/**
 * The pricing category of a message written by Meta Business Agent (Meta's own AI, a second
 * responder on the number). The pricing page above names the category ("Meta Business Agent
 * messages … a new message category") but no page shows its value in a status's `pricing`
 * object: the sandbox (and the product's docs) use `business_agent`, billable, type `regular`
 * (our decision; Meta bills these per token from 2026-08-01, which a status cannot carry).
 */
export const BUSINESS_AGENT_CATEGORY = "business_agent";

/** The pricing of a second responder's message on its `sent` and `delivered` statuses (standby). */
export function secondResponderPricing(state: SandboxState, appId: string): Pricing {
  if (appId === "meta_business_agent") {
    return { category: BUSINESS_AGENT_CATEGORY, billable: true, pricing_type: "regular" };
  }
  // another app's reply is a service message of the number, priced by the day's rule
  return olderRules(state, Date.now())
    ? { category: "service", billable: false, pricing_type: "free_customer_service" }
    : { category: "service", billable: true, pricing_type: "regular" };
}
