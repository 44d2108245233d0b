import { windowOpen } from "@/sandbox/send/window";
import { type PhoneNumber, type SandboxState, windowKey } from "@/sandbox/state";

const ENTRY_POINT_MS = 72 * 60 * 60 * 1000;

export type Pricing = { category: string; billable: boolean; pricing_type: string };

/**
 * Meta's per-message pricing as of October 2026 ("pricing updates" page): every delivered
 * template is billed at its category, and so are service messages (non-template replies in the
 * customer-service window) and utility templates in the window; a free entry point (the user
 * came from a click-to-WhatsApp ad or a Page button, 72 hours) makes everything free.
 * `free_service_window` plays the rules before October 2026 (service messages and utility
 * templates in the window free, `free_customer_service`). Messages sent through the Marketing
 * Messages API are priced `marketing_lite`.
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
    state.settings.free_service_window &&
    (templateCategory === undefined ||
      (templateCategory === "utility" && windowOpen(state, number.id, waId)));
  if (freeInWindow) return { category, billable: false, pricing_type: "free_customer_service" };
  return { category, billable: true, pricing_type: "regular" };
}
