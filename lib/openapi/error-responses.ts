import type { ZodOpenApiResponseObject } from "zod-openapi";
import type { Endpoint } from "@/lib/api/endpoint";
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from "@/lib/api/errors";
import { errorEnvelope, type RESPONSE_HEADERS } from "./components";
import { ERROR_CAUSES } from "./error-docs";

type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

const SHARED_ERRORS: ErrorCode[] = [
  "AUTH_MISSING_KEY",
  "AUTH_INVALID_KEY",
  "AUTH_KEY_REVOKED",
  "AUTH_KEY_EXPIRED",
  "AUTH_INSUFFICIENT_SCOPE",
  "RATE_LIMIT_EXCEEDED",
  "SERVER_INTERNAL_ERROR",
  "SERVER_SERVICE_UNAVAILABLE",
];
/** malformed JSON, several invalid fields, one invalid field */
const INPUT_ERRORS: ErrorCode[] = ["VALIDATION_ERROR", "VALIDATION_INVALID_FIELD"];
/** an Idempotency-Key that is too long, reused with another body, or still running */
const POST_ERRORS: ErrorCode[] = [
  "VALIDATION_INVALID_FIELD",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_KEY_IN_USE",
];

/** Every error an operation can answer, ordered by HTTP status, then as in the catalog. */
export function errorCodesOf(op: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>([
    ...SHARED_ERRORS,
    ...(op.body || op.query || op.params ? INPUT_ERRORS : []),
    ...(op.method === "POST" ? POST_ERRORS : []),
    ...(op.body || op.method === "POST" ? (["PAYLOAD_TOO_LARGE"] as ErrorCode[]) : []),
    ...op.errors,
  ]);
  return ERROR_CODES.filter((c) => codes.has(c)).sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
}

const ref = (name: keyof typeof RESPONSE_HEADERS) => ({ $ref: `#/components/headers/${name}` });
export const COMMON_HEADERS = {
  "X-Request-Id": ref("X-Request-Id"),
  "X-RateLimit-Limit": ref("X-RateLimit-Limit"),
  "X-RateLimit-Remaining": ref("X-RateLimit-Remaining"),
  "X-RateLimit-Reset": ref("X-RateLimit-Reset"),
};

function errorResponse(status: number, codes: ErrorCode[]): ZodOpenApiResponseObject {
  const retryAfter = status === 429 || status === 503 || codes.includes("IDEMPOTENCY_KEY_IN_USE");
  return {
    description: codes.join(", "),
    headers: {
      ...COMMON_HEADERS,
      ...(retryAfter ? { "Retry-After": ref("Retry-After") } : {}),
      ...(status >= 500 || status === 429 ? { "X-Should-Retry": ref("X-Should-Retry") } : {}),
    },
    "x-error-codes": codes,
    content: {
      "application/json": {
        schema: errorEnvelope,
        examples: Object.fromEntries(
          codes.map((code) => [
            code,
            {
              summary: ERROR_CAUSES[code],
              value: { success: false, error: { code, message: ERROR_CAUSES[code] } },
            },
          ]),
        ),
      },
    },
  };
}

/** One response per HTTP status, listing its codes (also as `x-error-codes`) with an example each. */
export function errorResponses(op: Endpoint): [`${ErrorStatus}`, ZodOpenApiResponseObject][] {
  const byStatus = new Map<ErrorStatus, ErrorCode[]>();
  for (const code of errorCodesOf(op)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus].map(([status, codes]) => [`${status}`, errorResponse(status, codes)]);
}
