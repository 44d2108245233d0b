import { z } from "zod";
import type { PageMeta } from "@/lib/api/envelope";
import { ERROR_CODES } from "@/lib/api/errors";
import { PER_PAGE_MAX } from "@/lib/api/pagination";

/** Shared pieces of the document that no route handler validates, only answers. */

const errorCodeSchema = z.enum(ERROR_CODES).meta({
  id: "ErrorCode",
  description:
    "Stable machine identifier of the error; the HTTP status follows from it (see the error table).",
});

export const errorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: errorCodeSchema,
      message: z.string().meta({ description: "Human-readable explanation; its wording may change." }),
      details: z
        .looseObject({
          field: z.string().optional().meta({ description: "Offending field (validation errors)" }),
          hint: z.string().optional().meta({ description: "How to fix the field" }),
          errors: z
            .array(z.object({ field: z.string(), message: z.string() }))
            .optional()
            .meta({ description: "Every failing field of a multi-field validation" }),
          error: z
            .unknown()
            .optional()
            .meta({ description: "Upstream error passed through (WHATSAPP_SEND_FAILED)" }),
        })
        .optional()
        .meta({ description: "Optional; present only where the error table says so." }),
    }),
  })
  .meta({
    id: "ErrorEnvelope",
    description: "Every error answer: `{ success: false, error: { code, message, details? } }`.",
  });

export const pageMetaSchema = z
  .object({
    page: z.int().min(1).meta({ description: "Page returned (1-based)", example: 1 }),
    per_page: z.int().min(1).max(PER_PAGE_MAX).meta({ description: "Items per page", example: 20 }),
    total: z.int().min(0).meta({ description: "Items across all pages", example: 42 }),
    has_more: z.boolean().meta({ description: "True while more pages exist" }),
  })
  .meta({ id: "PageMeta", description: "Pagination of list answers." }) satisfies z.ZodType<PageMeta>;

export const idempotencyKeyParam = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .meta({
    description:
      "Makes a POST safe to retry for 24 hours: the same key with the same body returns the stored answer, with its status, body and own headers (a 202's `Location` and `Preference-Applied`) and `Idempotent-Replayed: true`; the same key with another body gives 409 IDEMPOTENCY_KEY_REUSED.",
    example: "5f8d0d55-9c1e-4b7a-9a51-2f3c9c1f6a10",
    param: { id: "IdempotencyKey", in: "header", name: "Idempotency-Key" },
  });

export const preferParam = z
  .string()
  .optional()
  .meta({
    description:
      "RFC 7240 preferences. `respond-async`: answer 202 with the message `queued` as soon as it is stored and queued, instead of waiting for WhatsApp's acceptance; the outcome arrives as `message.sent` or `message.failed`. Other preferences are ignored.",
    example: "respond-async",
    param: { id: "Prefer", in: "header", name: "Prefer" },
  });

/** Response headers, registered once under components.headers and referenced by every answer. */
function header(description: string, type: "string" | "integer", example: unknown, required = false) {
  return { description, required, schema: { type, example } };
}

export const RESPONSE_HEADERS = {
  "X-Request-Id": header(
    "Id of this request (yours if you sent a valid `X-Request-Id`); quote it to support.",
    "string",
    "req_8c1f0e4a9b2d7c3e5f60a1b2",
    true,
  ),
  "X-RateLimit-Limit": header("Requests allowed per minute for this key.", "integer", 60),
  "X-RateLimit-Remaining": header(
    "Requests left before the limit (the smaller of the minute and day windows).",
    "integer",
    59,
  ),
  "X-RateLimit-Reset": header(
    "Unix time in seconds when the current minute window ends.",
    "integer",
    1767225600,
  ),
  "Retry-After": header("Seconds to wait before retrying.", "integer", 12),
  "Preference-Applied": header(
    "RFC 7240: the preferences of the request's `Prefer` that were honoured (`respond-async`).",
    "string",
    "respond-async",
  ),
  Location: header(
    "Where the resource's current state is read.",
    "string",
    "/v1/whatsapp/messages/6b1f8c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  ),
  "X-Should-Retry": header(
    "On every 5xx and 429: `true` when repeating the request may help (with its Idempotency-Key for a POST), `false` when it may not (a send under way, WhatsApp's refusal).",
    "string",
    "true",
  ),
};
