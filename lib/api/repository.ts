import "#server-only";
import { db, rawQuery } from "@/lib/db";
import { type IdempotencyKey, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `idempotency_keys` table (docs/architecture.md "Repositories"): every function takes the
 * organization first and reads and writes only its keys. Expired keys of every organization are
 * deleted by the sweeper (lib/maintenance/prune.ts, a listed exception).
 */

/** The new key's id, or null when the organization holds that key already (unique (organization, key)). */
export async function insertIdempotencyKey(
  organizationId: string,
  row: { key: string; method: string; path: string; requestHash: string; expiresAt: Date },
): Promise<string | null> {
  const inserted = await rawQuery<{ id: string }[]>(Prisma.sql`
    INSERT INTO idempotency_keys (id, organization_id, key, method, path, request_hash, state, created_at, expires_at)
    VALUES (gen_random_uuid(), ${organizationId}::uuid, ${row.key}, ${row.method}, ${row.path}, ${row.requestHash},
            'in_progress', now(), ${row.expiresAt})
    ON CONFLICT (organization_id, key) DO NOTHING
    RETURNING id`);
  return inserted[0]?.id ?? null;
}

export function findIdempotencyKey(organizationId: string, key: string): Promise<IdempotencyKey | null> {
  return db().idempotencyKey.findUnique({ where: { organizationId_key: { organizationId, key } } });
}

/** Deletes the key when it has expired by now (a claim made after its 24 hours starts over). */
export async function deleteExpiredIdempotencyKey(organizationId: string, id: string): Promise<void> {
  await db().idempotencyKey.deleteMany({ where: { id, organizationId, expiresAt: { lte: new Date() } } });
}

/** Stores the answer a replay of the key gives: its status, body and own headers. */
export async function completeIdempotencyKeyRow(
  organizationId: string,
  id: string,
  answer: { status: number; body: unknown; headers?: Record<string, string> },
): Promise<void> {
  await db().idempotencyKey.updateMany({
    where: { id, organizationId },
    data: {
      state: "completed",
      responseStatus: answer.status,
      responseBody: answer.body as Prisma.InputJsonValue,
      responseHeaders:
        answer.headers && Object.keys(answer.headers).length > 0 ? answer.headers : Prisma.DbNull,
    },
  });
}

export async function deleteIdempotencyKey(organizationId: string, id: string): Promise<void> {
  await db().idempotencyKey.deleteMany({ where: { id, organizationId } });
}
