import "#server-only";
import { FLOWS_FIELD } from "@/lib/flows/apply-flow-webhook";
import { ACCOUNT_FIELDS } from "@/lib/inbound/apply-account-limits";
import { CALLS_FIELD } from "@/lib/inbound/process-calls";
import { COEXISTENCE_FIELDS } from "@/lib/inbound/process-coexistence";
import { ROUTING_FIELDS } from "@/lib/inbound/process-routing";
import { TEMPLATE_FIELDS } from "@/lib/templates/apply-template-change";

/** How lib/inbound/process-notification.ts handles a change, by its `field`. */
export type FieldRoute =
  | "messages"
  | "coexistence"
  | "routing"
  | "templates"
  | "user_preferences"
  | "account"
  | "flows"
  | "calls"
  | "unprocessed";

/**
 * The route of a notification field: the fields the product processes, and `unprocessed` for
 * every other (kept, counted, recorded on its channel and offered as `whatsapp.notification`:
 * lib/inbound/record-unprocessed.ts). There is no third way: lib/inbound/field-routes.test.ts
 * walks Meta's list of webhook fields through it.
 */
export function fieldRoute(field: string): FieldRoute {
  if (field === "messages") return "messages";
  if (COEXISTENCE_FIELDS.has(field)) return "coexistence";
  // conversation routing: `standby`, `messaging_handovers` (lib/inbound/process-routing.ts)
  if (ROUTING_FIELDS.has(field)) return "routing";
  if (TEMPLATE_FIELDS.has(field)) return "templates";
  if (field === "user_preferences") return "user_preferences";
  // `account_update` (its VOLUME_BASED_PRICING_TIER_UPDATE event; any other event goes the
  // unprocessed way) and `business_capability_update`: lib/inbound/apply-account-limits.ts
  if (ACCOUNT_FIELDS.has(field)) return "account";
  // WhatsApp Flows' status changes and health alerts: lib/flows/apply-flow-webhook.ts
  if (field === FLOWS_FIELD) return "flows";
  // voice calls: connect, status, terminate (lib/inbound/process-calls.ts)
  if (field === CALLS_FIELD) return "calls";
  return "unprocessed";
}
