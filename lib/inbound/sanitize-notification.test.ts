import { describe, expect, it } from "vitest";
import { MAX_NOTIFICATION_DEPTH, sanitizeNotification } from "@/lib/inbound/sanitize-notification";

describe("sanitizeNotification", () => {
  it("replaces U+0000 and unpaired surrogates in values and keys with U+FFFD, keeps pairs and order", () => {
    const input = JSON.parse(
      '{"b":"nul \\u0000, high \\ud800, low \\udc00, pair \\ud83d\\udc4b","a\\u0000":[1,"\\udfff",null,true]}',
    );
    const out = sanitizeNotification(input);
    expect(out).toEqual({
      b: "nul \uFFFD, high \uFFFD, low \uFFFD, pair 👋",
      "a\uFFFD": [1, "\uFFFD", null, true],
    });
    expect(Object.keys(out as object)).toEqual(["b", "a\uFFFD"]);
    expect(JSON.stringify(out)).not.toMatch(/\\u0000|\\ud[89a-f]/);
  });

  it("a __proto__ key stays data", () => {
    const out = sanitizeNotification(JSON.parse('{"__proto__":{"x":1}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
  });

  it("nesting beyond the limit → undefined, even 200,000 deep (no recursion)", () => {
    const ok = JSON.parse(`${"[".repeat(MAX_NOTIFICATION_DEPTH)}${"]".repeat(MAX_NOTIFICATION_DEPTH)}`);
    expect(sanitizeNotification(ok)).toEqual(ok);
    expect(sanitizeNotification(JSON.parse(`${"[".repeat(200_000)}${"]".repeat(200_000)}`))).toBeUndefined();
  });
});
