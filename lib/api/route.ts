import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { authenticate } from "@/lib/api/authenticate";
import { checkParams, checkQuery } from "@/lib/api/check-request-text";
import { type ApiResult, errorBody } from "@/lib/api/envelope";
import { ApiError, isApiError, methodNotAllowedError, shouldRetry, UnderWayError } from "@/lib/api/errors";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
} from "@/lib/api/idempotency";
import { parseJsonBody } from "@/lib/api/parse-json-body";
import {
  consumeRateLimit,
  type RateLimitResult,
  rateLimitHeaders,
  recordAuthFailure,
} from "@/lib/api/rate-limit";
import { BODY_LIMITS, readBody } from "@/lib/api/read-body";
import { cacheControlFor } from "@/lib/api/respond";
import type { Scope } from "@/lib/api/scopes";
import { isUnavailableError } from "@/lib/api/unavailable";
import { parseOrThrow } from "@/lib/api/validation";
import { config } from "@/lib/config";
import { isWriteConflict } from "@/lib/db-errors";
import type { ApiKey } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { observeRequest } from "@/lib/metrics/record";
import { clientAddressOf } from "@/lib/web/client-address";

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/**
 * What the wrapper reads of an endpoint's declaration (lib/api/endpoint.ts): every app/v1 route
 * passes its declaration, resolved once at module load; tests of the wrapper may pass just these.
 */
export type RouteSpec<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends z.ZodObject | undefined,
> = {
  /** the scope the key must hold; `null` for routes any valid key may call */
  scope: Scope | null;
  body?: B;
  query?: Q;
  /** only names the path parameters: Next fills them from the folder names, as strings */
  params?: P;
  /** largest body accepted (413 PAYLOAD_TOO_LARGE over it); BODY_LIMITS.v1Json by default */
  maxBodyBytes?: number;
  /** the declared path (`/v1/webhooks/{id}`): the route label of the request metrics */
  path?: string;
};

type ParamsOf<P> = P extends z.ZodObject<infer Shape> ? { [K in keyof Shape]: string } : object;

export type RouteContext<B, Q, P> = {
  request: Request;
  requestId: string;
  apiKey: ApiKey;
  org: { id: string };
  body: B;
  query: Q;
  params: P;
};

type NextContext<P> = { params: Promise<P> };

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function requestIdOf(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && REQUEST_ID.test(given) ? given : `req_${randomBytes(12).toString("hex")}`;
}

function clientAddress(request: Request): string {
  return clientAddressOf(request.headers);
}

function respond(status: number, body: unknown, headers: Record<string, string>): Response {
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": cacheControlFor(text),
      ...headers,
    },
  });
}

/** 503 SERVER_SERVICE_UNAVAILABLE with Retry-After: a request that may simply be sent again. */
function retryLater(message: string): ApiError {
  return new ApiError("SERVER_SERVICE_UNAVAILABLE", message, undefined, { "Retry-After": "1" });
}

function toApiError(error: unknown, requestId: string): ApiError {
  if (isApiError(error)) return error;
  if (isUnavailableError(error)) {
    logger.warn({ requestId, err: String(error) }, "dependency unavailable");
    return retryLater("The service is temporarily unavailable; retry with exponential backoff.");
  }
  if (isWriteConflict(error)) {
    // PostgreSQL rolled the request's transaction back to break a deadlock (or a serialization
    // failure) and nothing of it stayed: the same request again succeeds, so it is a 503 to retry
    logger.warn({ requestId, err: String(error) }, "write conflict");
    return retryLater("The request met a concurrent change and nothing of it was applied; retry it.");
  }
  logger.error({ requestId, err: error }, "unexpected error");
  return new ApiError("SERVER_INTERNAL_ERROR", `An unexpected error occurred (request ${requestId}).`);
}

/**
 * 403 AUTH_INSUFFICIENT_SCOPE unless the key holds `scope`: the endpoint's own scope, or, inside a
 * handler, a second one that a part of the request needs (`why` says which part).
 */
export function requireScope(apiKey: Pick<ApiKey, "scopes">, scope: Scope, why?: string): void {
  if (apiKey.scopes.includes(scope)) return;
  throw new ApiError(
    "AUTH_INSUFFICIENT_SCOPE",
    why ? `This key lacks the scope ${scope}, which ${why}.` : `This key lacks the scope ${scope}.`,
    { required_scope: scope },
  );
}

/**
 * The one wrapper of every /v1 route. In order: request id, key lookup, revocation and
 * expiry, rate limit (headers on every answer), scope, path ids, the body through the bounded
 * reader (413 over `maxBodyBytes`), idempotency on POST, JSON (depth-bounded) and zod
 * validation mapped to the contract's codes, and any thrown error turned into the envelope.
 */
export function apiRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  PS extends z.ZodObject | undefined = undefined,
  P = ParamsOf<PS>,
>(spec: RouteSpec<B, Q, PS>, handler: (ctx: RouteContext<Infer<B>, Infer<Q>, P>) => Promise<ApiResult>) {
  return async (request: Request, context?: NextContext<P>): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    let headers: Record<string, string> = { "X-Request-Id": requestId };
    let status = 500;
    let organizationId: string | undefined;
    let idempotency: { organizationId: string; id: string } | undefined;
    const url = new URL(request.url);
    try {
      let apiKey: ApiKey;
      try {
        apiKey = await authenticate(request.headers);
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          const limit = await recordAuthFailure(clientAddress(request), config().AUTH_FAILURES_PER_MINUTE);
          headers = { ...headers, ...rateLimitHeaders(limit) };
          if (!limit.allowed) throw tooMany(limit);
        }
        throw error;
      }
      organizationId = apiKey.organizationId;
      // counted before the scope check, so that a 403 carries the rate-limit headers too
      const limit = await consumeRateLimit(apiKey.id, apiKey.perMinuteLimit, apiKey.perDayLimit);
      headers = { ...headers, ...rateLimitHeaders(limit) };
      if (!limit.allowed) throw tooMany(limit);
      if (spec.scope) requireScope(apiKey, spec.scope);

      const params = (context ? await context.params : {}) as P;
      checkParams(params);
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      const maxBytes = spec.maxBodyBytes ?? BODY_LIMITS.v1Json;
      const raw = hasBody ? (await readBody(request, maxBytes)).toString("utf8") : "";
      const idempotencyKey = request.method === "POST" ? request.headers.get("idempotency-key") : null;
      if (idempotencyKey !== null) {
        const hash = requestHash(request.method, url.pathname, raw);
        const claim = await claimIdempotencyKey(
          apiKey.organizationId,
          idempotencyKey,
          request.method,
          url.pathname,
          hash,
        );
        if (claim.kind === "replay") {
          status = claim.status;
          return respond(claim.status, claim.body, {
            ...headers,
            ...claim.headers,
            "Idempotent-Replayed": "true",
          });
        }
        idempotency = { organizationId: apiKey.organizationId, id: claim.id };
      }

      const body = spec.body ? parseOrThrow(spec.body, parseJsonBody(raw)) : undefined;
      checkQuery(url);
      const query = spec.query ? parseOrThrow(spec.query, Object.fromEntries(url.searchParams)) : undefined;
      const result = await handler({
        request,
        requestId,
        apiKey,
        org: { id: apiKey.organizationId },
        body: body as Infer<B>,
        query: query as Infer<Q>,
        params,
      });
      status = result.status;
      if (idempotency) await completeIdempotencyKey(idempotency.organizationId, idempotency.id, result);
      return respond(result.status, result.body, { ...headers, ...result.headers });
    } catch (thrown) {
      const error = toApiError(thrown, requestId);
      status = error.status;
      if (idempotency) {
        const body = errorBody(error);
        const retryable = (error.status >= 500 || error.status === 429) && !(error instanceof UnderWayError);
        if (retryable)
          await releaseIdempotencyKey(idempotency.organizationId, idempotency.id).catch(() => {});
        else
          await completeIdempotencyKey(idempotency.organizationId, idempotency.id, {
            status: error.status,
            body,
            headers: error.headers,
          }).catch(() => {});
      }
      const retry = shouldRetry(error);
      return respond(error.status, errorBody(error), {
        ...headers,
        ...(retry === null ? {} : { "X-Should-Retry": String(retry) }),
        ...error.headers,
      });
    } finally {
      // an answer that went well is logged at debug: at info the hot path would pay a log line
      // per request; what went wrong is always logged (5xx above at error or warn)
      const level = status >= 400 ? "info" : "debug";
      observeRequest(spec.path ?? "undeclared", request.method, status, (performance.now() - started) / 1000);
      logger[level](
        {
          requestId,
          method: request.method,
          path: url.pathname,
          status,
          organizationId,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    }
  };
}

function tooMany(limit: RateLimitResult): ApiError {
  return new ApiError(
    "RATE_LIMIT_EXCEEDED",
    "Rate limit exceeded; retry after the time in Retry-After.",
    undefined,
    {
      "Retry-After": String(limit.retryAfterSeconds),
    },
  );
}

/**
 * Answers in the envelope for what does not exist (an unknown path, a method a route does not
 * serve), still with rate-limit headers: a valid key is counted against its limit, a request
 * without one against its address's window of failed authentications.
 */
function rejection(makeError: (request: Request) => ApiError) {
  return async (request: Request): Promise<Response> => {
    const requestId = requestIdOf(request);
    let headers: Record<string, string> = { "X-Request-Id": requestId };
    try {
      const apiKey = await authenticate(request.headers).catch(() => null);
      const limit = apiKey
        ? await consumeRateLimit(apiKey.id, apiKey.perMinuteLimit, apiKey.perDayLimit)
        : await recordAuthFailure(clientAddress(request), config().AUTH_FAILURES_PER_MINUTE);
      headers = { ...headers, ...rateLimitHeaders(limit) };
      if (!limit.allowed) throw tooMany(limit);
      throw makeError(request);
    } catch (thrown) {
      const error = toApiError(thrown, requestId);
      return respond(error.status, errorBody(error), { ...headers, ...error.headers });
    }
  };
}

export function notFoundRoute() {
  return rejection(
    (request) =>
      new ApiError("RESOURCE_NOT_FOUND", `No endpoint ${request.method} ${new URL(request.url).pathname}.`),
  );
}

/** For the methods a route file does not serve: 405 in the envelope, with `Allow`. */
export function methodNotAllowed(allowed: string[]) {
  const handler = rejection((request) => methodNotAllowedError(request.method, allowed));
  const all = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
  return Object.fromEntries(all.filter((m) => !allowed.includes(m)).map((m) => [m, handler])) as Record<
    (typeof all)[number],
    typeof handler
  >;
}
