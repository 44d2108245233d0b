import { checkParams, checkQuery } from "@/lib/api/check-request-text";
import { ApiError, methodNotAllowedError } from "@/lib/api/errors";
import { parseJsonBody } from "@/lib/api/parse-json-body";
import { BODY_LIMITS, readBody } from "@/lib/api/read-body";
import { jsonFromError, jsonOk } from "@/lib/api/respond";
import { consumeStaffLimit } from "@/lib/api/staff-limit";
import { parseOrThrow } from "@/lib/api/validation";
import { isSameOriginRequest } from "@/lib/auth/csrf";
import type { AnswerOf, DashboardEndpoint, DashboardInput } from "@/lib/auth/dashboard-endpoint";
import { hasRole } from "@/lib/auth/roles";
import { type DashboardSession, getDashboardSession } from "@/lib/auth/session";

type Parsed = { request: Request; session: DashboardSession; body: unknown; query: unknown; params: unknown };

async function readJson(request: Request, limit: number): Promise<unknown> {
  return parseJsonBody((await readBody(request, limit)).toString("utf8"));
}

/** The CSRF check (403) and the session (401): what every dashboard route checks first. */
async function signedInFromDashboard(request: Request): Promise<DashboardSession> {
  if (!isSameOriginRequest(request)) {
    throw new ApiError("AUTH_CSRF_REJECTED", "This request did not come from the dashboard.");
  }
  const session = await getDashboardSession();
  if (!session) throw new ApiError("AUTH_SESSION_REQUIRED", "Sign in to continue.");
  return session;
}

/**
 * CSRF check (403), session (401), role (403), the route's limit per staff member and
 * organization (429), zod-parsed body and query (the /v1 validation codes).
 */
async function check(
  spec: DashboardEndpoint,
  request: Request,
  context: { params: Promise<unknown> },
): Promise<Parsed> {
  const session = await signedInFromDashboard(request);
  if (!hasRole(session.role, spec.roles)) {
    throw new ApiError("AUTH_FORBIDDEN", "Your role does not allow this.");
  }
  if (spec.limit) await consumeStaffLimit(spec.limit, session);
  const body = spec.body
    ? parseOrThrow(spec.body, await readJson(request, spec.maxBodyBytes ?? BODY_LIMITS.dashboardJson))
    : undefined;
  const url = new URL(request.url);
  checkQuery(url);
  const search = Object.fromEntries(url.searchParams);
  const query = spec.query ? parseOrThrow(spec.query, search) : undefined;
  const params = await context.params;
  checkParams(params);
  return { request, session, body, query, params };
}

/**
 * Every dashboard JSON route goes through this: the checks above from the
 * route's declaration (lib/<domain>/dashboard-endpoints.ts), the handler's `data` answered in the
 * envelope with the declared status (a file route's handler answers its own Response), errors
 * turned into the envelope. Handlers scope every query to `session.organizationId`.
 */
export function dashboardEndpoint<E extends DashboardEndpoint>(
  endpoint: E,
  handler: (ctx: DashboardInput<E> & { request: Request; session: DashboardSession }) => Promise<AnswerOf<E>>,
) {
  return async (request: Request, context: { params: Promise<unknown> }): Promise<Response> => {
    try {
      const parsed = await check(endpoint, request, context);
      const data = await handler(parsed as DashboardInput<E> & Parsed);
      return data instanceof Response ? data : jsonOk(data, endpoint.status);
    } catch (error) {
      return jsonFromError(error);
    }
  };
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (request: Request) => Promise<Response>;

/**
 * For the methods a dashboard route file does not serve (every route file exports the rest
 * through this; lib/dashboard/endpoints.test.ts checks): 405 METHOD_NOT_ALLOWED in the envelope
 * with `Allow`, as /v1 answers (lib/api/route.ts `methodNotAllowed`), instead of Next's empty 405.
 * The CSRF and session checks come first, as for a served method: signed out is 401 whatever
 * the method, so the answer tells a stranger nothing about a route.
 */
export function dashboardMethodNotAllowed(allowed: readonly Method[]): Record<Method, Handler> {
  const handler: Handler = async (request) => {
    try {
      await signedInFromDashboard(request);
      throw methodNotAllowedError(request.method, allowed);
    } catch (error) {
      return jsonFromError(error);
    }
  };
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, Handler>;
}
