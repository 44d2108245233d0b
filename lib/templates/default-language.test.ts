import { describe, expect, it } from "vitest";
import { defaultLanguage, orderLanguages } from "@/lib/templates/default-language";

describe("defaultLanguage", () => {
  it("the customer's last language first, exactly or by its base language", () => {
    expect(defaultLanguage(["en_US", "es"], "es")).toBe("es");
    expect(defaultLanguage(["en_US", "es_MX"], "es")).toBe("es_MX");
  });
  it("else the organization's: English, else the first in code order", () => {
    expect(defaultLanguage(["es", "en_US"], null)).toBe("en_US");
    expect(defaultLanguage(["es", "en_US"], "de")).toBe("en_US");
    expect(defaultLanguage(["fr", "de"], null)).toBe("de");
    expect(defaultLanguage([], "es")).toBeUndefined();
  });
  it("orders the rest by code after the default", () => {
    expect(orderLanguages(["fr", "en_US", "es", "de"], "es")).toEqual(["es", "de", "en_US", "fr"]);
  });
});
