import type { ErrorCode } from "@/lib/api/errors";

/**
 * The cause of every catalog code, as the contract's error table words it. Typed as a full
 * record so that a code added to the catalog cannot ship undocumented.
 */
export const ERROR_CAUSES: Record<ErrorCode, string> = {
  AUTH_MISSING_KEY: "No `Authorization` or `X-API-Key` header.",
  AUTH_INVALID_KEY: "The key is invalid (typo, wrong prefix, unknown).",
  AUTH_KEY_REVOKED: "The key was revoked.",
  AUTH_KEY_EXPIRED: "The key is past its expiry.",
  AUTH_INSUFFICIENT_SCOPE: "The key lacks the endpoint's scope (`details.required_scope`).",
  VALIDATION_ERROR:
    "Generic validation failure, e.g. malformed JSON or several invalid fields; see `details.errors[]`.",
  VALIDATION_INVALID_PHONE: "Phone number not in E.164.",
  VALIDATION_MISSING_FIELD: "A required field is absent; `details.field`.",
  VALIDATION_INVALID_FIELD:
    "Field format invalid (length, type, pattern, count limit); `details.field` and `details.hint`.",
  WHATSAPP_SESSION_CLOSED: "Outside the 24-hour customer-service window; send an approved template.",
  WHATSAPP_CHANNEL_NOT_FOUND: "`channel_id` invalid or inactive, or several channels and none named.",
  WHATSAPP_SEND_FAILED:
    "The upstream provider rejected the request; `details.error` carries its original text.",
  WHATSAPP_MEDIA_UPLOAD_FAILED: "The media URL is not fetchable by the upstream (404, timeout, too large).",
  WHATSAPP_TEMPLATE_NOT_FOUND: "Template name wrong or not approved.",
  WHATSAPP_TEMPLATE_REJECTED: "The template was rejected upstream.",
  WHATSAPP_TEMPLATE_INVALID_COMPONENTS: "Template components structure invalid; `details.errors[]`.",
  WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX: "A button component without `index`.",
  WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE:
    "Parameter type not allowed in the component (e.g. currency in a header).",
  WHATSAPP_INTERACTIVE_INVALID_TYPE: "`interactive.type` unknown.",
  WHATSAPP_INTERACTIVE_MISSING_FIELD: "A required interactive field is absent; `details.field`.",
  WHATSAPP_INTERACTIVE_INVALID_FIELD: "Interactive field format invalid; `details.hint`.",
  WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED: "Button, section or character limit exceeded.",
  RESOURCE_NOT_FOUND: "Resource (contact, conversation, template, endpoint) not found.",
  RESOURCE_ALREADY_EXISTS:
    "A resource with the same identifier exists (e.g. a contact with the same number).",
  RATE_LIMIT_EXCEEDED: "Per-minute or per-day limit exceeded; the body has no `details`; see `Retry-After`.",
  SERVER_INTERNAL_ERROR: "Unexpected server error.",
  SERVER_SERVICE_UNAVAILABLE: "Maintenance or overload; retry with exponential backoff.",
  IDEMPOTENCY_KEY_REUSED: "The `Idempotency-Key` was already used with a different request.",
  IDEMPOTENCY_KEY_IN_USE:
    "A request with this `Idempotency-Key` is still being processed; retry after `Retry-After`.",
  METHOD_NOT_ALLOWED: "The path exists but not with this method; see the `Allow` header.",
  WHATSAPP_RECIPIENT_BLOCKED:
    "The contact is blocked (dashboard or `POST /v1/contacts/{id}/block`); nothing was sent. Unblock them first; `details.contactId`.",
  PAYLOAD_TOO_LARGE:
    "The request body is over the endpoint's limit (1 MiB for /v1, 5 MiB to create a broadcast); `details.limit_bytes`.",
  WHATSAPP_RECIPIENT_OPTED_OUT:
    "A MARKETING template to a contact who stopped marketing messages (WhatsApp's opt-out, or one of the organization's stop words); nothing was sent.",
  WHATSAPP_CALL_PERMISSION_REQUIRED:
    "A call to a customer who has not granted call permission (or whose permission expired): ask with `POST /v1/whatsapp/calls/permissions`; `details.rule` names the rule. Nothing was sent.",
  WHATSAPP_CALL_PERMISSION_LIMIT:
    "A call permission request over WhatsApp's limits: one a customer in 24 hours, two in 7 days; `details.rule` and `details.retry_after` say which and when. Nothing was sent.",
  RESOURCE_INVALID_STATE:
    "The operation does not apply to the resource's current state (e.g. resume a broadcast that is not paused); `details.status`.",
};
