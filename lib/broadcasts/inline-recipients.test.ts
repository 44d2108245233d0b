import { describe, expect, it } from "vitest";
import { resolveInlineRecipients } from "@/lib/broadcasts/inline-recipients";

describe("resolveInlineRecipients", () => {
  it("normalizes numbers and keeps variables as strings", () => {
    expect(resolveInlineRecipients([{ to: "14155550123", variables: { code: 7, vip: true } }])).toEqual([
      { ord: 0, kind: "ok", phone: "+14155550123", vars: { code: "7", vip: "true" }, contact: null },
    ]);
  });

  it("marks invalid numbers and later duplicates (after normalization), in request order", () => {
    const rows = resolveInlineRecipients([
      { to: "+14155550123" },
      { to: "0415 555" },
      { to: "14155550123", variables: { code: "x" } },
      { to: "+442071838750" },
    ]);
    expect(rows.map((r) => [r.ord, r.kind, r.phone])).toEqual([
      [0, "ok", "+14155550123"],
      [1, "invalid_phone", "0415 555"],
      [2, "duplicate", "+14155550123"],
      [3, "ok", "+442071838750"],
    ]);
  });
});

describe("resolveInlineRecipients keeps what a new contact is created with", () => {
  it("on the first listing of a number only", () => {
    const rows = resolveInlineRecipients([
      { to: "+14155550123", contact: { name: "Ada", email: "ada@example.com" } },
      { to: "14155550123", contact: { name: "Other" } },
    ]);
    expect(rows.map((r) => r.contact)).toEqual([{ name: "Ada", email: "ada@example.com" }, null]);
  });
});
