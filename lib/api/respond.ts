import { errorBody, ok } from "@/lib/api/envelope";
import { ApiError, isApiError } from "@/lib/api/errors";
import { logger } from "@/lib/logger";

/**
 * The envelope (lib/api/envelope.ts) as a Response, for the routes outside the /v1 wrapper:
 * dashboard JSON routes, readiness, the upstream receiver, next-auth's body limit.
 */
const HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

/** `{ success: true, data }`, the envelope of the /v1 API. */
export function jsonOk<T>(data: T, status = 200): Response {
  return new Response(JSON.stringify(ok(data).body), { status, headers: HEADERS });
}

/** The error's status (lib/api/errors.ts), envelope and headers. */
export function errorResponse(error: ApiError): Response {
  return new Response(JSON.stringify(errorBody(error)), {
    status: error.status,
    headers: { ...HEADERS, ...error.headers },
  });
}

/** ApiError → its answer; anything else → 500 without internals (logged). */
export function jsonFromError(error: unknown): Response {
  if (isApiError(error)) return errorResponse(error);
  logger.error({ err: error instanceof Error ? error.stack : String(error) }, "dashboard route failed");
  return errorResponse(new ApiError("SERVER_INTERNAL_ERROR", "Something went wrong."));
}
