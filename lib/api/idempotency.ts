import "#server-only";
import { createHash } from "node:crypto";
import type { ApiResult } from "@/lib/api/envelope";
import { ApiError } from "@/lib/api/errors";
import {
  completeIdempotencyKeyRow,
  deleteExpiredIdempotencyKey,
  deleteIdempotencyKey,
  findIdempotencyKey,
  insertIdempotencyKey,
} from "@/lib/api/repository";

/** design.md: an Idempotency-Key is remembered for 24 hours. */
const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

export type IdempotencyClaim =
  | { kind: "claimed"; id: string }
  | { kind: "replay"; status: number; body: ApiResult["body"]; headers: Record<string, string> };

export function requestHash(method: string, path: string, rawBody: string): string {
  return createHash("sha256").update(`${method}\n${path}\n${rawBody}`).digest("hex");
}

/**
 * Claims a key for this request, or returns the stored answer of the first request that
 * used it. The unique (organization, key) row makes concurrent claims safe.
 */
export async function claimIdempotencyKey(
  organizationId: string,
  key: string,
  method: string,
  path: string,
  hash: string,
): Promise<IdempotencyClaim> {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new ApiError("VALIDATION_INVALID_FIELD", "Idempotency-Key must be 1 to 255 characters.", {
      field: "Idempotency-Key",
      hint: "use a random UUID per logical operation",
    });
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    const expiresAt = new Date(Date.now() + TTL_MS);
    const id = await insertIdempotencyKey(organizationId, {
      key,
      method,
      path,
      requestHash: hash,
      expiresAt,
    });
    if (id) return { kind: "claimed", id };

    const existing = await findIdempotencyKey(organizationId, key);
    if (!existing) continue;
    if (existing.expiresAt.getTime() <= Date.now()) {
      await deleteExpiredIdempotencyKey(organizationId, existing.id);
      continue;
    }
    if (existing.requestHash !== hash) {
      throw new ApiError(
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was already used with another request; use a new key for a new request.",
      );
    }
    if (
      existing.state === "in_progress" ||
      existing.responseStatus === null ||
      existing.responseBody === null
    ) {
      throw new ApiError(
        "IDEMPOTENCY_KEY_IN_USE",
        "A request with this Idempotency-Key is still being processed; retry shortly.",
        undefined,
        { "Retry-After": "1" },
      );
    }
    return {
      kind: "replay",
      status: existing.responseStatus,
      body: existing.responseBody as unknown as ApiResult["body"],
      headers: storedHeaders(existing.responseHeaders),
    };
  }
  throw new ApiError("IDEMPOTENCY_KEY_IN_USE", "Could not claim the Idempotency-Key; retry shortly.");
}

/**
 * Stores the first request's answer for its replays: status, body and the handler's own headers
 * (a 202's Location and Preference-Applied: a replay that lost them told the caller neither where
 * to read the outcome nor that the preference was honoured). The request's own headers
 * (X-Request-Id, the rate limit's) are not stored: a replay carries its own.
 */
export async function completeIdempotencyKey(
  organizationId: string,
  id: string,
  answer: { status: number; body: unknown; headers?: Record<string, string> },
): Promise<void> {
  await completeIdempotencyKeyRow(organizationId, id, answer);
}

/** The headers stored with an answer (a JSON object of strings; none before they were stored). */
function storedHeaders(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** A failure that may succeed on retry (5xx, 429) releases the key instead of storing it. */
export async function releaseIdempotencyKey(organizationId: string, id: string): Promise<void> {
  await deleteIdempotencyKey(organizationId, id);
}
