import { describe, expect, it } from "vitest";
import { contactSearchTerm, phoneForSave, toE164 } from "@/lib/contacts/phone-input";
import { isCountryCode } from "@/lib/organizations/country-code";

describe("phone input in the dashboard", () => {
  it("reads national and formatted forms against the default country", () => {
    for (const typed of ["(212) 555-0210", "212-555-0210", "212 555 0210", "2125550210", "+1 212-555-0210"])
      expect(toE164(typed, "US"), typed).toBe("+12125550210");
    expect(toE164("020 7946 0958", "GB")).toBe("+442079460958");
    expect(toE164("+44 20 7946 0958", "US")).toBe("+442079460958");
  });

  it("leaves what is not a valid number to the contract's rules", () => {
    expect(toE164("555-0210", "US")).toBeNull();
    expect(toE164("Ada", "US")).toBeNull();
    expect(phoneForSave(" 4915123456789 ", "US")).toBe("4915123456789");
    expect(phoneForSave("(212) 555-0210", "US")).toBe("+12125550210");
  });

  it("searches a whole number by its E.164, a part by its digits, anything else as typed", () => {
    expect(contactSearchTerm("(212) 555-0210", "US")).toBe("+12125550210");
    expect(contactSearchTerm("555-0210", "US")).toBe("5550210");
    expect(contactSearchTerm("+1 212", "US")).toBe("+1212");
    expect(contactSearchTerm(" Ada Lovelace ", "US")).toBe("Ada Lovelace");
    expect(contactSearchTerm("ada@example.com", "US")).toBe("ada@example.com");
  });

  it("knows the ISO country codes", () => {
    expect(isCountryCode("US")).toBe(true);
    expect(isCountryCode("GB")).toBe(true);
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode("us")).toBe(false);
  });
});
