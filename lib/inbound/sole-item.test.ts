import { describe, expect, it } from "vitest";
import { notificationSchema } from "@/lib/inbound/notification-schema";
import { soleItem } from "@/lib/inbound/sole-item";

function notification(entries: { field: string; value: unknown }[][]) {
  return notificationSchema.parse({
    object: "whatsapp_business_account",
    entry: entries.map((changes) => ({ changes })),
  });
}

describe("soleItem", () => {
  it("answers the one message or the one status of a lone messages change", () => {
    expect(soleItem(notification([[{ field: "messages", value: { messages: [{}] } }]]))).toBe("message");
    expect(soleItem(notification([[{ field: "messages", value: { statuses: [{}], messages: [] } }]]))).toBe(
      "status",
    );
  });

  it("answers null for more than one item, another field, or more than one change", () => {
    expect(soleItem(notification([[{ field: "messages", value: { messages: [{}], statuses: [{}] } }]]))).toBe(
      null,
    );
    expect(soleItem(notification([[{ field: "messages", value: { statuses: [{}, {}] } }]]))).toBe(null);
    expect(soleItem(notification([[{ field: "messages", value: {} }]]))).toBe(null);
    expect(soleItem(notification([[{ field: "history", value: { messages: [{}] } }]]))).toBe(null);
    const one = { field: "messages", value: { statuses: [{}] } };
    expect(soleItem(notification([[one, one]]))).toBe(null);
    expect(soleItem(notification([[one], [one]]))).toBe(null);
  });
});
