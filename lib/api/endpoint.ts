import type { z } from "zod";
import type { ErrorCode } from "@/lib/api/errors";
import type { Scope } from "@/lib/api/scopes";

/** Sections of the reference; their order and descriptions are in lib/openapi/tags.ts. */
export type EndpointTag =
  | "Messages"
  | "Templates"
  | "Flows"
  | "Calls"
  | "Broadcasts"
  | "Conversations"
  | "Contacts"
  | "Webhooks"
  | "Events"
  | "Media"
  | "Channels"
  | "Usage";

export type EndpointMethod = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * One /v1 endpoint, declared once beside its domain (`lib/<domain>/endpoints.ts`) and read by
 * the route wrapper (scope, body, query: `apiRoute(CONTACT_ENDPOINTS.createContact, handler)`),
 * by lib/openapi (the reference) and by the shared auth suite (scripts/test/routes.ts).
 * lib/openapi/endpoints.test.ts fails when an app/v1 route file and the declarations disagree.
 */
export type Endpoint = {
  operationId: string;
  method: EndpointMethod;
  /** the app/v1 folder path, `[param]` written `{param}` */
  path: `/v1/${string}`;
  tag: EndpointTag;
  scope: Scope;
  summary: string;
  description?: string;
  /** names the path parameters (the wrapper types them as strings) and documents them */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** documents the body where `body` hands it to a validator of its own (a transform has no schema to show) */
  documentedBody?: z.ZodType;
  /** largest body accepted (413 PAYLOAD_TOO_LARGE over it); BODY_LIMITS.v1Json by default */
  maxBodyBytes?: number;
  /** the schema of `data` (of one item when `list` is set) */
  response: z.ZodType;
  /** `data` is an array and the answer carries pagination `meta` */
  list?: boolean;
  status: 200 | 201;
  /**
   * The endpoint honours `Prefer: respond-async` (RFC 7240): 202 with this `data`,
   * `Preference-Applied: respond-async` and a `Location` to read the outcome from.
   */
  respondAsync?: { response: z.ZodType; description: string };
  /** the errors this endpoint adds to the shared ones (lib/openapi/error-responses.ts) */
  errors: ErrorCode[];
};

type Declared = Omit<Endpoint, "operationId">;

/** A domain's endpoints, keyed by operationId (each declaration is given its key as `operationId`). */
export function declareEndpoints<T extends Record<string, Declared>>(
  declared: T,
): { [K in keyof T & string]: T[K] & { operationId: K } } {
  const entries = Object.entries(declared).map(([operationId, endpoint]) => [
    operationId,
    { operationId, ...endpoint },
  ]);
  return Object.fromEntries(entries) as { [K in keyof T & string]: T[K] & { operationId: K } };
}
