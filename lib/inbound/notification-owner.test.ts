import { describe, expect, it } from "vitest";
import {
  conversationKey,
  notificationIdFor,
  ownsNotification,
  shareOf,
} from "@/lib/inbound/notification-owner";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function statusFor(recipient: string) {
  return {
    entry: [
      {
        changes: [
          { value: { metadata: { phone_number_id: "1001" }, statuses: [{ recipient_id: recipient }] } },
        ],
      },
    ],
  };
}

describe("which listener claims a notification first", () => {
  it("ids are v4 UUIDs, distinct, and one conversation's share the same last 32 bits", () => {
    const key = conversationKey(statusFor("15550001"));
    expect(key).toBe("1001:15550001");
    const ids = Array.from({ length: 50 }, () => notificationIdFor(key));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(50);
    expect(new Set(ids.map(shareOf)).size).toBe(1);
    // a notification of no conversation gets a wholly random id
    expect(notificationIdFor(conversationKey({}))).toMatch(UUID);
  });

  it("of several listeners exactly one owns an id; alone, or unknown to the others, a listener owns everything", () => {
    const names = ["upstream_x:a", "upstream_x:b", "upstream_x:c"];
    const owners = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const id = notificationIdFor(`1001:1555000${i}`);
      const mine = names.filter((n) => ownsNotification(id, n, names));
      expect(mine).toHaveLength(1);
      owners.add(mine[0] as string);
    }
    expect(owners.size).toBe(3);
    expect(ownsNotification(notificationIdFor("1001:1"), "upstream_x:a", ["upstream_x:a"])).toBe(true);
    expect(ownsNotification(notificationIdFor("1001:1"), "upstream_x:z", names)).toBe(true);
  });
});
