import type { z } from "zod";
import { ApiError, type ErrorCode } from "@/lib/api/errors";

/** Which catalog code a missing field, an invalid one and an exceeded limit give in a domain. */
export type IssueCodes = { missing: ErrorCode; invalid: ErrorCode; limit: ErrorCode };

export const SEND_CODES: IssueCodes = {
  missing: "VALIDATION_MISSING_FIELD",
  invalid: "VALIDATION_INVALID_FIELD",
  limit: "VALIDATION_INVALID_FIELD",
};

export const INTERACTIVE_CODES: IssueCodes = {
  missing: "WHATSAPP_INTERACTIVE_MISSING_FIELD",
  invalid: "WHATSAPP_INTERACTIVE_INVALID_FIELD",
  limit: "WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED",
};

/** What a refinement may say about its issue (`params` of a custom zod issue), e.g. the phone check's code. */
type FieldIssueParams = { code?: ErrorCode; hint?: string };

/** `["action", "buttons", 0, "reply"]` under `interactive` → `interactive.action.buttons[0].reply` */
export function fieldPath(path: readonly PropertyKey[], prefix = ""): string {
  return path.reduce<string>(
    (field, key) =>
      typeof key === "number" ? `${field}[${key}]` : field ? `${field}.${String(key)}` : String(key),
    prefix,
  );
}

function sizeOf(input: unknown): number | undefined {
  if (typeof input === "string" || Array.isArray(input)) return input.length;
  return typeof input === "number" ? input : undefined;
}

/** Absent, null, an empty string or array where one item is required, or no discriminator. */
function isMissing(issue: z.core.$ZodIssue): boolean {
  if (issue.code === "invalid_type" || issue.code === "invalid_value") {
    return issue.input === undefined || issue.input === null;
  }
  if (issue.code === "too_small") return Number(issue.minimum) === 1 && sizeOf(issue.input) === 0;
  if (issue.code === "invalid_union" && "discriminator" in issue && typeof issue.discriminator === "string") {
    const input: unknown = issue.input;
    if (typeof input !== "object" || input === null) return false;
    const value: unknown = Reflect.get(input, issue.discriminator);
    return value === undefined || value === null || value === "";
  }
  return false;
}

/** The hint shown in `details.hint`: zod's wording, made specific for lengths and counts. */
export function issueHint(issue: z.core.$ZodIssue): string {
  if (issue.code === "custom") return (issue.params as FieldIssueParams | undefined)?.hint ?? issue.message;
  if (issue.code !== "too_big" && issue.code !== "too_small") return issue.message;
  const bound = issue.code === "too_big" ? issue.maximum : issue.minimum;
  const most = issue.code === "too_big" ? "at most" : "at least";
  const actual = sizeOf(issue.input);
  if (issue.origin === "string") return `${most} ${bound} characters (got ${actual})`;
  if (issue.origin === "array") return `${most} ${bound} items (got ${actual})`;
  return `must be ${issue.code === "too_big" ? "≤" : "≥"} ${bound} (got ${actual})`;
}

/**
 * Turns a failed parse into the one error the contract promises: the first missing field if
 * any (`details: { field, hint }`), else the first issue: an exceeded length, count or range
 * gives `{ field, limit, actual, hint }`, anything else `{ field, hint }`.
 */
export function toFieldError(error: z.ZodError, codes: IssueCodes, prefix = ""): ApiError {
  const issue = error.issues.find(isMissing) ?? error.issues[0];
  if (!issue) return new ApiError(codes.invalid, "The request is invalid.");
  const field = fieldPath(issue.path, prefix);
  const hint = issueHint(issue);
  if (isMissing(issue)) {
    const why = issue.code === "invalid_union" ? `; ${issue.message}` : "";
    return new ApiError(codes.missing, `Missing required field: ${field}.`, {
      field,
      hint: `${field} is required${why}`,
    });
  }
  if (issue.code === "too_big" || issue.code === "too_small") {
    const limit = Number(issue.code === "too_big" ? issue.maximum : issue.minimum);
    const details = { field, limit, actual: sizeOf(issue.input), hint };
    return new ApiError(codes.limit, `${field}: ${hint}.`, details);
  }
  const params = issue.code === "custom" ? (issue.params as FieldIssueParams | undefined) : undefined;
  const code = params?.code ?? codes.invalid;
  return new ApiError(code, `${field}: ${hint}.`, { field, hint });
}
