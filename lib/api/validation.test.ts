import { describe, expect, it } from "vitest";
import { toValidationError } from "@/lib/api/validation";
import { createContactBody } from "@/lib/contacts/schemas";

function errorFor(input: unknown) {
  const result = createContactBody.safeParse(input);
  if (result.success) throw new Error("expected a validation error");
  return toValidationError(result.error);
}

describe("zod issues mapped to the contract's codes", () => {
  it("a missing phone is VALIDATION_MISSING_FIELD with details.field", () => {
    const error = errorFor({ name: "x" });
    expect(error.code).toBe("VALIDATION_MISSING_FIELD");
    expect(error.details?.field).toBe("phone");
  });

  it("an empty phone counts as missing", () => {
    expect(errorFor({ phone: "" }).code).toBe("VALIDATION_MISSING_FIELD");
    expect(errorFor({ phone: "   " }).code).toBe("VALIDATION_MISSING_FIELD");
  });

  it("a bad phone is VALIDATION_INVALID_PHONE", () => {
    const error = errorFor({ phone: "0151 234" });
    expect(error.code).toBe("VALIDATION_INVALID_PHONE");
    expect(error.details?.field).toBe("phone");
  });

  it("one invalid field is VALIDATION_INVALID_FIELD with field and hint", () => {
    const error = errorFor({ phone: "+14155550123", email: "not-an-email" });
    expect(error.code).toBe("VALIDATION_INVALID_FIELD");
    expect(error.details?.field).toBe("email");
    expect(typeof error.details?.hint).toBe("string");
  });

  it("several invalid fields are VALIDATION_ERROR with details.errors[]", () => {
    const error = errorFor({ phone: "+14155550123", email: "x", tags: "nope" });
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.errors).toHaveLength(2);
  });

  it("custom field values must be primitives", () => {
    const error = errorFor({ phone: "+14155550123", custom_fields: { a: { nested: true } } });
    expect(error.code).toBe("VALIDATION_INVALID_FIELD");
    expect(String(error.details?.field)).toBe("custom_fields.a");
  });
});
