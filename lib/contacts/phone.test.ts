import { describe, expect, it } from "vitest";
import { normalizePhone } from "@/lib/contacts/phone";

describe("normalizePhone: the contract's phone table, row by row", () => {
  it("accepts a number with a leading + and keeps it", () => {
    expect(normalizePhone("+14155550123")).toEqual({ ok: true, e164: "+14155550123" });
    expect(normalizePhone("+4915123456789")).toEqual({ ok: true, e164: "+4915123456789" });
  });

  it("accepts the country code without + and adds it", () => {
    expect(normalizePhone("14155550123")).toEqual({ ok: true, e164: "+14155550123" });
    expect(normalizePhone("4915123456789")).toEqual({ ok: true, e164: "+4915123456789" });
  });

  it("refuses a local form starting with 0", () => {
    expect(normalizePhone("015123456789").ok).toBe(false);
    expect(normalizePhone("0612345678").ok).toBe(false);
  });

  it("refuses spaces and hyphens", () => {
    expect(normalizePhone("+1 415 555 0123").ok).toBe(false);
    expect(normalizePhone("+1-415-555-0123").ok).toBe(false);
    expect(normalizePhone("1415 5550123").ok).toBe(false);
  });

  it("refuses letters, empty input and impossible lengths", () => {
    expect(normalizePhone("").ok).toBe(false);
    expect(normalizePhone("+").ok).toBe(false);
    expect(normalizePhone("+1415abc0123").ok).toBe(false);
    expect(normalizePhone("+1234").ok).toBe(false);
    expect(normalizePhone("+1415555012345678").ok).toBe(false);
    expect(normalizePhone("(415)5550123").ok).toBe(false);
  });
});
