import type { z } from "zod";
import type { EndpointMethod } from "@/lib/api/endpoint";
import type { Role } from "@/lib/auth/roles";

declare const ANSWER: unique symbol;

/** The type of a JSON route's `data`, carried by the declaration (no runtime value). */
export type Answer<T> = { readonly [ANSWER]?: T };

export function answer<T>(): Answer<T> {
  return {};
}

/** A file (CSV) route: the browser reads its URL (dashboardUrl), the handler builds the Response. */
export function fileAnswer(): Answer<Response> {
  return {};
}

/**
 * One dashboard JSON route, declared beside its domain (`lib/<domain>/dashboard-endpoints.ts`)
 * like the /v1 ones (lib/api/endpoint.ts), with the staff roles allowed instead of a key's scope.
 * Read by the route wrapper (lib/dashboard/route.ts: roles, body, query, status) and by the
 * browser's typed client (components/lib/dashboard-client.ts: path, method, the request and
 * answer types), so a declaration file holds only schemas and plain values: the browser imports it.
 */
export type DashboardEndpoint = {
  name: string;
  method: EndpointMethod | "PUT";
  /** the app/api/dashboard folder path, `[param]` written `{param}` */
  path: `/api/dashboard/${string}`;
  /** who may call it: MANAGERS, SUPPORT, OWNERS or EVERYONE from lib/auth/roles */
  roles: readonly Role[];
  /** names the path parameters (the wrapper hands them as strings) */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** largest body accepted (413 PAYLOAD_TOO_LARGE over it); BODY_LIMITS.dashboardJson by default */
  maxBodyBytes?: number;
  /** counted against the staff member's and the organization's limits (429 over them; lib/api/staff-limit.ts) */
  limit?: "send" | "export";
  /** `data` of a JSON answer (`answer<T>()`), or `fileAnswer()` */
  answer: Answer<unknown>;
  status: 200 | 201 | 202;
};

type Declared = Omit<DashboardEndpoint, "name">;

/** A domain's dashboard routes, keyed by name (each declaration is given its key as `name`). */
export function declareDashboardEndpoints<T extends Record<string, Declared>>(
  declared: T,
): { [K in keyof T & string]: T[K] & { name: K } } {
  const entries = Object.entries(declared).map(([name, endpoint]) => [name, { name, ...endpoint }]);
  return Object.fromEntries(entries) as { [K in keyof T & string]: T[K] & { name: K } };
}

export type AnswerOf<E extends DashboardEndpoint> = E["answer"] extends Answer<infer T> ? T : never;
type ParamsOf<E extends DashboardEndpoint> = E["params"] extends z.ZodObject
  ? { [K in keyof E["params"]["shape"]]: string }
  : Record<string, never>;

/** What a handler is handed: typed from the declaration's schemas. */
export type DashboardInput<E extends DashboardEndpoint> = {
  body: E["body"] extends z.ZodType ? z.output<E["body"]> : undefined;
  query: E["query"] extends z.ZodType ? z.output<E["query"]> : undefined;
  params: ParamsOf<E>;
};

/** What the browser sends: the schemas' input types; only the parts the declaration names. */
export type DashboardRequest<E extends DashboardEndpoint> = (E["params"] extends z.ZodObject
  ? { params: ParamsOf<E> }
  : { params?: undefined }) &
  (E["query"] extends z.ZodType ? { query: z.input<E["query"]> } : { query?: undefined }) &
  (E["body"] extends z.ZodType ? { body: z.input<E["body"]> } : { body?: undefined });
