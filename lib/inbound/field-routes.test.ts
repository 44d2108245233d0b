import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FLOWS_FIELD } from "@/lib/flows/apply-flow-webhook";
import { ACCOUNT_FIELDS } from "@/lib/inbound/apply-account-limits";
import { fieldRoute } from "@/lib/inbound/field-routes";
import { COEXISTENCE_FIELDS } from "@/lib/inbound/process-coexistence";
import { ROUTING_FIELDS } from "@/lib/inbound/process-routing";
import { TEMPLATE_FIELDS } from "@/lib/templates/apply-template-change";

/**
 * The WhatsApp Business Account webhook fields Meta documents, one reference page each under
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/<field>
 * (the fields of the app dashboard's WhatsApp Business Account subscription, 2026).
 */
const META_FIELDS = [
  "account_alerts",
  "account_review_update",
  "account_settings_update",
  "account_update",
  "automatic_events",
  "business_capability_update",
  "business_status_update",
  "calls",
  "flows",
  "group_lifecycle_update",
  "group_participants_update",
  "group_settings_update",
  "group_status_update",
  "history",
  "message_echoes",
  "message_template_components_update",
  "message_template_quality_update",
  "message_template_status_update",
  "messages",
  "messaging_handovers",
  "partner_solutions",
  "payment_configuration_update",
  "phone_number_name_update",
  "phone_number_quality_update",
  "security",
  "smb_app_state_sync",
  "smb_message_echoes",
  "standby",
  "template_category_update",
  "template_correct_category_detection",
  "tracking_events",
  "user_preferences",
];

describe("every notification field is processed or goes the unprocessed way", () => {
  it.each(META_FIELDS)("%s", (field) => {
    const route = fieldRoute(field);
    expect([
      "messages",
      "coexistence",
      "routing",
      "templates",
      "user_preferences",
      "account",
      "flows",
      "calls",
      "unprocessed",
    ]).toContain(route);
  });

  it("a field nobody knows (and a malformed one) goes the unprocessed way", () => {
    for (const field of ["field_nobody_knows", "", "Messages", "messages ", "x".repeat(500)]) {
      expect(fieldRoute(field)).toBe("unprocessed");
    }
  });

  it("the processed routes are exactly the fields process-notification has a branch for", () => {
    const processed = META_FIELDS.filter((f) => fieldRoute(f) !== "unprocessed").sort();
    expect(processed).toEqual(
      [
        "messages",
        "user_preferences",
        "calls",
        ...COEXISTENCE_FIELDS,
        ...ROUTING_FIELDS,
        ...TEMPLATE_FIELDS,
        ...ACCOUNT_FIELDS,
        FLOWS_FIELD,
      ].sort(),
    );
  });

  it("calls is processed (issue 32 part 2)", () => {
    expect(fieldRoute("calls")).toBe("calls");
  });

  it("account_update and business_capability_update are processed (issue 30 part 5)", () => {
    expect(fieldRoute("account_update")).toBe("account");
    expect(fieldRoute("business_capability_update")).toBe("account");
    // the number-level quality field still carries no limit the product records
    expect(fieldRoute("phone_number_quality_update")).toBe("unprocessed");
  });

  it("flows is processed: status changes and health alerts become flow.status_changed and flow.health (issue 31 part 5)", () => {
    expect(fieldRoute("flows")).toBe("flows");
  });

  it("process-notification skips nothing silently: its only field skip is the unprocessed route", () => {
    // the loop over changes: every `continue` follows a branch that handled the change, or
    // recordUnprocessed; a bare field test with `continue` (the old silent skip) is gone
    const source = readFileSync(new URL("./process-notification.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(
      /change\.field !== "messages" && !COEXISTENCE_FIELDS\.has\(change\.field\)\) continue/,
    );
    expect(source).toMatch(
      /fieldRoute\(change\.field\) === "unprocessed"\) \{\s*deliveryIds\.push\(\.\.\.\(await recordUnprocessed/,
    );
    expect(source).toMatch(/if \(!value\.success\) \{\s*deliveryIds\.push\(\.\.\.\(await recordUnprocessed/);
    // an account_update event other than the pricing tier's (or an unreadable value) too
    expect(source).toMatch(
      /another account_update event, or a value we cannot read\s*deliveryIds\.push\(\.\.\.\(await recordUnprocessed/,
    );
  });
});
