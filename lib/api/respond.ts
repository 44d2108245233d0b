import { errorBody } from "@/lib/api/envelope";
import { isApiError } from "@/lib/api/errors";
import { logger } from "@/lib/logger";

/**
 * The envelope as a Response, for the routes outside the /v1 wrapper (dashboard JSON routes, readiness).
 * Codes of the dashboard routes beyond the /v1 catalog (lib/api/errors.ts), whose codes
 * (VALIDATION_*, RESOURCE_*) the dashboard routes reuse through ApiError.
 */
export const DASHBOARD_ERRORS = {
  AUTH_SESSION_REQUIRED: 401,
  AUTH_FORBIDDEN: 403,
  AUTH_CSRF_REJECTED: 403,
} as const;

export type DashboardErrorCode = keyof typeof DASHBOARD_ERRORS;

const HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

/** `{ success: true, data }`, the envelope of the /v1 API. */
export function jsonOk<T>(data: T, status = 200): Response {
  return new Response(JSON.stringify({ success: true, data }), { status, headers: HEADERS });
}

export function jsonError(code: DashboardErrorCode, message: string): Response {
  return new Response(JSON.stringify({ success: false, error: { code, message } }), {
    status: DASHBOARD_ERRORS[code],
    headers: HEADERS,
  });
}

/** ApiError → its status and envelope; anything else → 500 without internals (logged). */
export function jsonFromError(error: unknown): Response {
  if (isApiError(error)) {
    return new Response(JSON.stringify(errorBody(error)), {
      status: error.status,
      headers: { ...HEADERS, ...error.headers },
    });
  }
  logger.error({ err: error instanceof Error ? error.stack : String(error) }, "dashboard route failed");
  const body = { success: false, error: { code: "SERVER_INTERNAL_ERROR", message: "Something went wrong." } };
  return new Response(JSON.stringify(body), { status: 500, headers: HEADERS });
}
