/**
 * Every error code this service answers and its HTTP status, in one table: the catalog of the
 * contract (../shared/messaging-api-spec.md, Errors), the additive codes of design.md, and the
 * dashboard's own. Codes are a promise to our users: never rename one.
 */
export const ERROR_STATUS = {
  AUTH_MISSING_KEY: 401,
  AUTH_INVALID_KEY: 401,
  AUTH_KEY_REVOKED: 401,
  AUTH_KEY_EXPIRED: 401,
  AUTH_INSUFFICIENT_SCOPE: 403,
  VALIDATION_ERROR: 400,
  VALIDATION_INVALID_PHONE: 400,
  VALIDATION_MISSING_FIELD: 400,
  VALIDATION_INVALID_FIELD: 400,
  WHATSAPP_SESSION_CLOSED: 400,
  WHATSAPP_CHANNEL_NOT_FOUND: 404,
  WHATSAPP_SEND_FAILED: 502,
  WHATSAPP_MEDIA_UPLOAD_FAILED: 400,
  WHATSAPP_TEMPLATE_NOT_FOUND: 404,
  WHATSAPP_TEMPLATE_REJECTED: 400,
  WHATSAPP_TEMPLATE_INVALID_COMPONENTS: 400,
  WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX: 400,
  WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE: 400,
  WHATSAPP_INTERACTIVE_INVALID_TYPE: 400,
  WHATSAPP_INTERACTIVE_MISSING_FIELD: 400,
  WHATSAPP_INTERACTIVE_INVALID_FIELD: 400,
  WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED: 400,
  RESOURCE_NOT_FOUND: 404,
  RESOURCE_ALREADY_EXISTS: 409,
  RATE_LIMIT_EXCEEDED: 429,
  SERVER_INTERNAL_ERROR: 500,
  SERVER_SERVICE_UNAVAILABLE: 503,
  // additive (design.md): Idempotency-Key support and wrong methods
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  METHOD_NOT_ALLOWED: 405,
  // additive: a body over the route's limit (lib/api/read-body.ts); the contract has no code for it
  PAYLOAD_TOO_LARGE: 413,
  // additive: a send to a contact the organization blocked (Meta's block_users), refused before any upstream call
  WHATSAPP_RECIPIENT_BLOCKED: 400,
  // additive (broadcasts): a marketing template to a contact who stopped marketing messages
  WHATSAPP_RECIPIENT_OPTED_OUT: 400,
  // additive (broadcasts): an operation its resource's current state does not allow (pause a completed broadcast)
  RESOURCE_INVALID_STATE: 409,
  // additive (calls): a business-initiated call to a customer who has not granted call permission
  WHATSAPP_CALL_PERMISSION_REQUIRED: 400,
  // additive (calls): a call permission request over WhatsApp's limits (1 in 24 h, 2 in 7 days a customer)
  WHATSAPP_CALL_PERMISSION_LIMIT: 400,
  // the dashboard's JSON routes only (lib/dashboard/route.ts): a staff session, not an API key
  AUTH_SESSION_REQUIRED: 401,
  AUTH_FORBIDDEN: 403,
  AUTH_CSRF_REJECTED: 403,
} as const;

/** No /v1 route answers these: the OpenAPI document and /docs leave them out. */
const DASHBOARD_ONLY_CODES = ["AUTH_SESSION_REQUIRED", "AUTH_FORBIDDEN", "AUTH_CSRF_REJECTED"] as const;

type AnyErrorCode = keyof typeof ERROR_STATUS;

/** A code of the /v1 catalog. */
export type ErrorCode = Exclude<AnyErrorCode, (typeof DASHBOARD_ONLY_CODES)[number]>;

/** The /v1 catalog, in the order above. */
export const ERROR_CODES = (Object.keys(ERROR_STATUS) as AnyErrorCode[]).filter(
  (code): code is ErrorCode => !(DASHBOARD_ONLY_CODES as readonly string[]).includes(code),
);

export type ErrorDetails = Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: AnyErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}

/**
 * A failure answered while the work it names goes on (a send the worker has not finished within
 * the wait): its answer is kept under the request's Idempotency-Key like a success, so a retry with
 * that key replays it instead of doing the work a second time.
 */
export class UnderWayError extends ApiError {}

/**
 * Whether repeating the request may help, as a client should read it (the `X-Should-Retry` header
 * of every 5xx and 429 answer, like Stripe's `Stripe-Should-Retry`): a 429 or 5xx may be repeated,
 * except a send that is under way (a repeat could only replay it; its events say how it ends) and
 * WhatsApp's own refusal (WHATSAPP_SEND_FAILED: the same request is refused again). Both 503s of a
 * send name its message in `details.messageId`; only this header tells "nothing was sent, retry"
 * from "under way, do not".
 */
export function shouldRetry(error: ApiError): boolean | null {
  if (error.status < 500 && error.status !== 429) return null;
  return !(error instanceof UnderWayError) && error.code !== "WHATSAPP_SEND_FAILED";
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * 405 for a method a route does not serve, with `Allow` naming those it does: one wording for
 * /v1 (lib/api/route.ts), the dashboard's routes (lib/dashboard/route.ts) and the plain endpoints
 * (lib/api/respond.ts).
 */
export function methodNotAllowedError(method: string, allowed: readonly string[]): ApiError {
  return new ApiError(
    "METHOD_NOT_ALLOWED",
    `${method} is not supported here; use ${allowed.join(" or ")}.`,
    undefined,
    { Allow: allowed.join(", ") },
  );
}
