import type { z } from "zod";
import { ApiError, type ErrorCode } from "@/lib/api/errors";

/**
 * A zod issue may name the catalog code it stands for (`params: { code }`), e.g. a phone
 * number that is not E.164 gives VALIDATION_INVALID_PHONE.
 */
export type IssueParams = { code?: ErrorCode; hint?: string };

function fieldOf(issue: z.core.$ZodIssue): string {
  return issue.path.map(String).join(".");
}

function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === "invalid_type" && issue.message.includes("received undefined");
}

function customCode(issue: z.core.$ZodIssue): ErrorCode | undefined {
  return issue.code === "custom" ? (issue.params as IssueParams | undefined)?.code : undefined;
}

function hintOf(issue: z.core.$ZodIssue): string {
  const params = issue.code === "custom" ? (issue.params as IssueParams | undefined) : undefined;
  return params?.hint ?? issue.message;
}

/** How many issues an answer lists at most (`details.errors`). */
export const MAX_LISTED_ISSUES = 50;

/**
 * Maps zod issues to the contract's codes: a missing required field first
 * (VALIDATION_MISSING_FIELD), then a field with its own code (e.g. VALIDATION_INVALID_PHONE),
 * then one invalid field (VALIDATION_INVALID_FIELD), else VALIDATION_ERROR with every issue.
 */
export function toValidationError(error: z.ZodError): ApiError {
  const issues = error.issues;
  // a body of 10,000 bad items must not answer 10,000 errors: the first ones say what to fix
  const errors = issues.slice(0, MAX_LISTED_ISSUES).map((i) => ({ field: fieldOf(i), message: hintOf(i) }));

  const missing = issues.find(isMissing);
  if (missing) {
    const field = fieldOf(missing);
    return new ApiError("VALIDATION_MISSING_FIELD", `Missing required field: ${field}.`, {
      field,
      hint: `${field} is required`,
      errors,
    });
  }
  const coded = issues.find(customCode);
  if (coded) {
    const code = customCode(coded) ?? "VALIDATION_INVALID_FIELD";
    const field = fieldOf(coded);
    return new ApiError(code, `${field}: ${hintOf(coded)}`, { field, hint: hintOf(coded) });
  }
  const [first] = issues;
  if (issues.length === 1 && first) {
    const field = fieldOf(first);
    return new ApiError("VALIDATION_INVALID_FIELD", `Invalid field ${field}: ${hintOf(first)}`, {
      field,
      hint: hintOf(first),
    });
  }
  return new ApiError("VALIDATION_ERROR", "The request is invalid.", { errors });
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw toValidationError(result.error);
  return result.data;
}
