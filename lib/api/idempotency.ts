import "#server-only";
import { createHash } from "node:crypto";
import type { ApiResult } from "@/lib/api/envelope";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/** design.md: an Idempotency-Key is remembered for 24 hours. */
const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

export type IdempotencyClaim =
  | { kind: "claimed"; id: string }
  | { kind: "replay"; status: number; body: ApiResult["body"] };

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
    const inserted = await db().$queryRaw<{ id: string }[]>(Prisma.sql`
      INSERT INTO idempotency_keys (id, organization_id, key, method, path, request_hash, state, created_at, expires_at)
      VALUES (gen_random_uuid(), ${organizationId}::uuid, ${key}, ${method}, ${path}, ${hash}, 'in_progress', now(), ${expiresAt})
      ON CONFLICT (organization_id, key) DO NOTHING
      RETURNING id`);
    const row = inserted[0];
    if (row) return { kind: "claimed", id: row.id };

    const existing = await db().idempotencyKey.findUnique({
      where: { organizationId_key: { organizationId, key } },
    });
    if (!existing) continue;
    if (existing.expiresAt.getTime() <= Date.now()) {
      await db().idempotencyKey.deleteMany({ where: { id: existing.id, expiresAt: { lte: new Date() } } });
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
    };
  }
  throw new ApiError("IDEMPOTENCY_KEY_IN_USE", "Could not claim the Idempotency-Key; retry shortly.");
}

export async function completeIdempotencyKey(id: string, status: number, body: unknown): Promise<void> {
  await db().idempotencyKey.update({
    where: { id },
    data: { state: "completed", responseStatus: status, responseBody: body as Prisma.InputJsonValue },
  });
}

/** A failure that may succeed on retry (5xx, 429) releases the key instead of storing it. */
export async function releaseIdempotencyKey(id: string): Promise<void> {
  await db().idempotencyKey.deleteMany({ where: { id } });
}
