import { fetchJson } from "@/components/lib/fetch-json";
import type { AnswerOf, DashboardEndpoint, DashboardRequest } from "@/lib/auth/dashboard-endpoint";

/**
 * The one way components call the dashboard's JSON routes: a route's declaration
 * (lib/<domain>/dashboard-endpoints.ts) gives the path and method, its schemas the request's
 * types (z.input) and its `answer` the type of `data`. `npm run lint` keeps `fetchJson` and
 * "/api/dashboard" strings out of every other component (components/lib/dashboard-client.test.ts).
 */
type Call<E extends DashboardEndpoint> = DashboardRequest<E> & { signal?: AbortSignal };

/** Nothing to pass when the route takes no params, query or body. */
type Args<E extends DashboardEndpoint> =
  Record<string, never> extends DashboardRequest<E> ? [request?: Call<E>] : [request: Call<E>];

/** The route's URL: `{param}` filled in, query values left out when undefined (an empty string is sent). */
export function dashboardUrl<E extends DashboardEndpoint>(endpoint: E, ...[request]: Args<E>): string {
  const params: Record<string, string> = request?.params ?? {};
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ""),
  );
  const search = new URLSearchParams();
  const query: Record<string, unknown> = request?.query ?? {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls the route; resolves with the answer's `data`, rejects with DashboardRequestError. */
export function callDashboard<E extends DashboardEndpoint>(
  endpoint: E,
  ...args: Args<E>
): Promise<AnswerOf<E>> {
  const [request] = args;
  return fetchJson<AnswerOf<E>>(dashboardUrl(endpoint, ...args), {
    method: endpoint.method,
    body: request?.body,
    signal: request?.signal,
  });
}
