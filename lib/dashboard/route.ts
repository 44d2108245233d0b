import { checkParams, checkQuery } from "@/lib/api/check-request-text";
import { ApiError } from "@/lib/api/errors";
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

/**
 * CSRF check (403), session (401), role (403), the route's limit per staff member and
 * organization (429), zod-parsed body and query (the /v1 validation codes).
 */
async function check(
  spec: DashboardEndpoint,
  request: Request,
  context: { params: Promise<unknown> },
): Promise<Parsed> {
  if (!isSameOriginRequest(request)) {
    throw new ApiError("AUTH_CSRF_REJECTED", "This request did not come from the dashboard.");
  }
  const session = await getDashboardSession();
  if (!session) throw new ApiError("AUTH_SESSION_REQUIRED", "Sign in to continue.");
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
