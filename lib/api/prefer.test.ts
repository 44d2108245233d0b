import { describe, expect, it } from "vitest";
import { prefersRespondAsync } from "@/lib/api/prefer";

const of = (value?: string) => prefersRespondAsync(new Headers(value === undefined ? {} : { prefer: value }));

describe("prefersRespondAsync (RFC 7240)", () => {
  it("finds respond-async alone, among other preferences, in any case and with parameters", () => {
    expect(of("respond-async")).toBe(true);
    expect(of("return=minimal, respond-async")).toBe(true);
    expect(of("Respond-Async; x=1, wait=10")).toBe(true);
    expect(of(" respond-async ")).toBe(true);
  });

  it("is false without the header, with other preferences, or a token that only starts alike", () => {
    expect(of()).toBe(false);
    expect(of("")).toBe(false);
    expect(of("wait=10, return=representation")).toBe(false);
    expect(of("respond-asynchronously")).toBe(false);
    expect(of("handling=lenient; respond-async")).toBe(false);
  });
});
