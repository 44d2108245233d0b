import { describe, expect, it } from "vitest";
import { formatMicros, parseMicros } from "@/lib/usage/money";

describe("rate card money (millionths of a unit)", () => {
  it("parses decimals with up to six places and refuses anything else", () => {
    expect(parseMicros("0.0625")).toBe(62_500n);
    expect(parseMicros("12")).toBe(12_000_000n);
    expect(parseMicros(" 1.000001 ")).toBe(1_000_001n);
    for (const bad of ["", "-1", "1.0000001", "1e3", "abc", "1,5", "1.", ".5", "1234567890"]) {
      expect(parseMicros(bad), bad).toBeNull();
    }
  });

  it("formats with two decimals at least, and exactly", () => {
    expect(formatMicros(0n)).toBe("0.00");
    expect(formatMicros(12_500_000n)).toBe("12.50");
    expect(formatMicros(62_500n)).toBe("0.0625");
    expect(formatMicros(3n * 62_500n + 1n)).toBe("0.187501");
    expect(formatMicros(-1_500_000n)).toBe("-1.50");
  });
});
