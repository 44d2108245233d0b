import { errorBody, ok } from "@/lib/api/envelope";
import { ApiError, isApiError, methodNotAllowedError } from "@/lib/api/errors";
import { logger } from "@/lib/logger";

/**
 * The envelope (lib/api/envelope.ts) as a Response, for the routes outside the /v1 wrapper:
 * dashboard JSON routes, readiness, the upstream receiver, next-auth's body limit.
 */
const JSON_TYPE = "application/json; charset=utf-8";

/** the size from which Next's compression (the `compression` package) gzips a body it can measure */
const COMPRESS_FROM_BYTES = 1024;

/**
 * `no-store`, and `no-transform` for a body under 1 KB: Next's compression cannot see a route
 * handler's length (it drops Content-Length), so it would gzip a 300-byte answer, which costs
 * more CPU than it saves; `no-transform` is the sign its compression honours. Larger bodies
 * (lists, exports) are still compressed.
 */
export function cacheControlFor(body: string): string {
  return Buffer.byteLength(body) < COMPRESS_FROM_BYTES ? "no-store, no-transform" : "no-store";
}

/** An answer before it is a Response: what a node:http server writes as it is (the upstream receiver). */
export type PlainAnswer = { status: number; headers: Record<string, string>; body: string };

function jsonAnswer(body: string, status: number, headers?: Record<string, string>): PlainAnswer {
  return {
    status,
    headers: { "Content-Type": JSON_TYPE, "Cache-Control": cacheControlFor(body), ...headers },
    body,
  };
}

export function toResponse(answer: PlainAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

function json(body: string, status: number, headers?: Record<string, string>): Response {
  return toResponse(jsonAnswer(body, status, headers));
}

/** `{ success: true, data }`, the envelope of the /v1 API. */
export function jsonOk<T>(data: T, status = 200): Response {
  return json(JSON.stringify(ok(data).body), status);
}

/** The error's status (lib/api/errors.ts), envelope and headers. */
export function errorResponse(error: ApiError): Response {
  return toResponse(errorAnswer(error));
}

export function errorAnswer(error: ApiError): PlainAnswer {
  return jsonAnswer(JSON.stringify(errorBody(error)), error.status, error.headers);
}

/** ApiError → its answer; anything else → 500 without internals (logged). */
export function jsonFromError(error: unknown): Response {
  if (isApiError(error)) return errorResponse(error);
  logger.error({ err: error instanceof Error ? error.stack : String(error) }, "dashboard route failed");
  return errorResponse(new ApiError("SERVER_INTERNAL_ERROR", "Something went wrong."));
}

type OtherMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * For a plain endpoint (outside /v1 and the dashboard: health, readiness, metrics, media links,
 * the upstream receiver's route): a handler for each method it does not serve (the route exports
 * those; HEAD Next answers from GET), 405 in the envelope with `Allow`, not Next's empty 405. No
 * key or session is asked: these endpoints take none.
 */
export function plainMethodNotAllowed(
  allowed: readonly string[],
): Record<OtherMethod, (request: Request) => Promise<Response>> {
  const handler = async (request: Request) => errorResponse(methodNotAllowedError(request.method, allowed));
  return { POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
