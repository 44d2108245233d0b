import { describe, expect, it } from "vitest";
import { disabledWords } from "@/lib/webhooks/disabled-words";

const rel = (iso: string) => `(${iso}) ago`;

describe("disabledWords", () => {
  it("a 410 Gone: words, the time relative, the delivery apart", () => {
    expect(
      disabledWords("the endpoint answered 410 Gone to delivery wh_1_ab", "2026-01-01T00:00:00.000Z", rel),
    ).toEqual({
      text: "Disabled (2026-01-01T00:00:00.000Z) ago: the endpoint answered 410 Gone",
      deliveryId: "wh_1_ab",
    });
  });

  it("reads the older wording with an ISO time and the delivery in parentheses", () => {
    const old = "the endpoint answered 410 Gone at 2026-11-25T11:48:19.193Z (delivery wh_17_9f)";
    expect(disabledWords(old, null, rel)).toEqual({
      text: "Disabled (2026-11-25T11:48:19.193Z) ago: the endpoint answered 410 Gone",
      deliveryId: "wh_17_9f",
    });
  });

  it("a person's disable, and no reason at all", () => {
    expect(disabledWords("disabled in the dashboard by Ana", null, rel).text).toBe(
      "Disabled in the dashboard by Ana",
    );
    expect(disabledWords(null, null, rel)).toEqual({ text: "Disabled", deliveryId: null });
  });
});
