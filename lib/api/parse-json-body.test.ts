import { describe, expect, it } from "vitest";
import { isApiError } from "@/lib/api/errors";
import { MAX_JSON_DEPTH, parseJsonBody } from "@/lib/api/parse-json-body";

function refusal(raw: string) {
  try {
    parseJsonBody(raw);
  } catch (error) {
    if (isApiError(error)) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error("accepted");
}

describe("parseJsonBody", () => {
  it("an empty body is {}; an object is returned as parsed", () => {
    expect(parseJsonBody("  ")).toEqual({});
    expect(parseJsonBody('{"a":[1,{"b":"👋"}]}')).toEqual({ a: [1, { b: "👋" }] });
  });

  it("nesting up to the limit passes; one level more, or 200,000, is VALIDATION_ERROR without a stack overflow", () => {
    const within = `${"[".repeat(MAX_JSON_DEPTH - 1)}${"]".repeat(MAX_JSON_DEPTH - 1)}`;
    expect(parseJsonBody(`{"a":${within}}`)).toBeTruthy();
    for (const depth of [MAX_JSON_DEPTH + 1, 200_000]) {
      const r = refusal(`{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`);
      expect(r.code).toBe("VALIDATION_ERROR");
      expect(r.details).toEqual({ errors: [{ field: "body", message: expect.stringMatching(/nesting/) }] });
    }
  });

  it.each([
    ['{"name":"a\\u0000"}', "name"],
    ['{"tags":["ok","\\ud800"]}', "tags[1]"],
    ['{"x":{"\\udc00":1}}', "x.\udc00"],
    ['{"\\u0000":1}', "\u0000"],
  ])("%s → VALIDATION_INVALID_FIELD naming %s", (raw, field) => {
    const r = refusal(raw);
    expect(r.code).toBe("VALIDATION_INVALID_FIELD");
    expect(r.details?.field).toBe(field);
  });

  it("malformed JSON and non-objects → VALIDATION_ERROR", () => {
    for (const raw of ["{", "[]", "42", "null", '"s"']) expect(refusal(raw).code).toBe("VALIDATION_ERROR");
  });
});
