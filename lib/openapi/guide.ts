import { ERROR_CODES, ERROR_STATUS } from "@/lib/api/errors";
import { PER_PAGE_MAX } from "@/lib/api/pagination";
import { SCOPES } from "@/lib/api/scopes";
import { RETRYABLE_UPSTREAM_CODES, UPSTREAM_ERROR_GUIDE } from "@/lib/cloud-api/upstream-error-guide";
import { ERROR_CAUSES } from "./error-docs";

/**
 * The prose of the reference, as data: rendered to Markdown for `info.description` of the
 * OpenAPI document and to HTML by the /docs page, so both say the same. Text may hold
 * `inline code` in backticks, nothing else.
 */
export type GuideBlock =
  | { kind: "p"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; head: string[]; rows: string[][] }
  | { kind: "code"; code: string };

export type GuideSection = { id: string; title: string; blocks: GuideBlock[] };

export const GUIDE: GuideSection[] = [
  {
    id: "authentication",
    title: "Authentication",
    blocks: [
      {
        kind: "p",
        text: "Send an API key in `Authorization: Bearer <key>` or in `X-API-Key: <key>`. Keys start with `service_sk_` (secret, any scope) or `service_pk_` (publishable, read scopes only: `whatsapp:templates`, `contacts:read`). Keys can be revoked and can expire.",
      },
      {
        kind: "code",
        code: "curl https://your-host/v1/contacts \\\n  -H 'Authorization: Bearer service_sk_…'",
      },
      {
        kind: "p",
        text: "Each operation requires one scope, named in its description and in `x-required-scope`. A missing or bad key gives 401, a key without the scope 403.",
      },
      {
        kind: "table",
        head: ["Scope", "Grants"],
        rows: Object.entries(SCOPES).map(([s, label]) => [`\`${s}\``, label]),
      },
    ],
  },
  {
    id: "envelope",
    title: "Envelope",
    blocks: [
      { kind: "p", text: "Every answer is JSON in an envelope; there are no bare responses." },
      {
        kind: "code",
        code: '{ "success": true, "data": { … } }\n{ "success": true, "data": [ … ], "meta": { "page": 1, "per_page": 20, "total": 42, "has_more": true } }\n{ "success": false, "error": { "code": "VALIDATION_INVALID_PHONE", "message": "…", "details": { … } } }',
      },
      {
        kind: "p",
        text: "Reads and sends answer 200, creations 201. Unknown body fields are ignored. Field naming is mixed by domain: contacts and pagination use snake_case, WhatsApp messages camelCase.",
      },
    ],
  },
  {
    id: "pagination",
    title: "Pagination",
    blocks: [
      {
        kind: "p",
        text: `List endpoints take \`page\` (default 1) and \`per_page\` (default 20, maximum ${PER_PAGE_MAX}) and answer \`meta\`:`,
      },
      {
        kind: "table",
        head: ["Field", "Type", "Meaning"],
        rows: [
          ["`page`", "integer", "page returned"],
          ["`per_page`", "integer", "items per page"],
          ["`total`", "integer", "items across all pages"],
          ["`has_more`", "boolean", "true while more pages exist"],
        ],
      },
    ],
  },
  {
    id: "errors",
    title: "Errors",
    blocks: [
      {
        kind: "p",
        text: "`error.code` is the stable identifier; `message` may change. `details` appears only where noted: `details.field` and `details.hint` for validation errors, `details.errors[]` of `{ field, message }` for multi-field validation, `details.error` for WHATSAPP_SEND_FAILED.",
      },
      {
        kind: "table",
        head: ["Code", "HTTP", "Cause"],
        rows: ERROR_CODES.map((code) => [`\`${code}\``, String(ERROR_STATUS[code]), ERROR_CAUSES[code]]),
      },
      {
        kind: "p",
        text: "Request bodies are JSON objects of at most 1 MiB (5 MiB to create a broadcast), nested at most 32 levels deep; a larger body answers 413 PAYLOAD_TOO_LARGE (`details.limit_bytes`) without being read, deeper nesting 400 VALIDATION_ERROR. Text cannot contain U+0000 or an unpaired UTF-16 surrogate (400 VALIDATION_INVALID_FIELD in a body or query, 404 in a path).",
      },
      {
        kind: "p",
        text: "Retry 429 and 5xx with exponential backoff (1 s, 2 s, 4 s, 8 s); do not retry other 4xx. After a network error on a send, the message may already be out: retry with the same `Idempotency-Key`.",
      },
    ],
  },
  {
    id: "upstream-errors",
    title: "Upstream error codes",
    blocks: [
      {
        kind: "p",
        text: "When the WhatsApp upstream refuses a message, its error object is passed on unchanged in `details.error` (of the API answer, or in `error` of `message.failed` when the refusal comes later in a status notification). The codes met most also carry `details.hint` (and `error.hint` in `message.failed`). Codes marked retried are retried by the service with backoff, since nothing was sent; the error reaches you only when they do not clear.",
      },
      {
        kind: "table",
        head: ["Upstream code", "Meaning", "What to do", "Retried by the service"],
        rows: Object.entries(UPSTREAM_ERROR_GUIDE).map(([code, g]) => [
          `\`${code}\``,
          g.message,
          g.hint,
          RETRYABLE_UPSTREAM_CODES.has(Number(code)) ? "yes" : "no",
        ]),
      },
    ],
  },
  {
    id: "events-2026",
    title: "Event data beyond the contract",
    blocks: [
      {
        kind: "list",
        items: [
          "`message.sent`, `message.delivered`, `message.read` carry `pricing: { billable, pricingModel, category, type }` once the upstream reported it (its status notifications); a `message.sent` recorded from the send answer, before any notification, has none.",
          "`message.inbound` content types `reaction` (`content.reaction: { messageId, emoji }`, `messageId` the reacted message in this service or null, `emoji` empty when the customer removed the reaction), `sticker` (`content.sticker`, a media object fetched through `GET /v1/media/{id}`) and `contacts` (`content.contacts`, the shared cards as the upstream sends them).",
        ],
      },
    ],
  },
  {
    id: "rate-limits",
    title: "Rate limits",
    blocks: [
      {
        kind: "p",
        text: "Each key has a per-minute (default 60) and a per-day (default 10,000) limit. Answers carry `X-RateLimit-Limit` (per minute), `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds when the minute window ends), and every answer carries `X-Request-Id`.",
      },
      {
        kind: "p",
        text: "Over a limit the answer is 429 RATE_LIMIT_EXCEEDED with `Retry-After` in seconds. Repeated failed authentications from one address are limited too.",
      },
    ],
  },
  {
    id: "idempotency",
    title: "Idempotency",
    blocks: [
      {
        kind: "p",
        text: "Every POST accepts an `Idempotency-Key` header (1–255 characters, e.g. a UUID per logical operation), remembered for 24 hours.",
      },
      {
        kind: "list",
        items: [
          "Same key, same body: the stored answer (its status, body and own headers, such as a 202's `Location`) is returned again, with `Idempotent-Replayed: true`.",
          "Same key, another body: 409 IDEMPOTENCY_KEY_REUSED.",
          "Same key while the first request still runs: 409 IDEMPOTENCY_KEY_IN_USE with `Retry-After`.",
          "Answers 429 and 5xx are not stored: retrying with the same key runs the request again.",
        ],
      },
    ],
  },
  {
    id: "versioning",
    title: "Versioning",
    blocks: [
      {
        kind: "p",
        text: "The version is the path segment `/v1`. Changes within v1 are additive only; a retired field or endpoint is announced with `Deprecation` and `Sunset` headers.",
      },
    ],
  },
];

function tableMarkdown(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

function blockMarkdown(block: GuideBlock): string {
  switch (block.kind) {
    case "p":
      return block.text;
    case "list":
      return block.items.map((item) => `- ${item}`).join("\n");
    case "table":
      return tableMarkdown(block.head, block.rows);
    case "code":
      return `\`\`\`\n${block.code}\n\`\`\``;
  }
}

export function guideMarkdown(sections: GuideSection[]): string {
  return sections.map((s) => [`## ${s.title}`, ...s.blocks.map(blockMarkdown)].join("\n\n")).join("\n\n");
}
