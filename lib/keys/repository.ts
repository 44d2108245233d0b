import "#server-only";
import { db } from "@/lib/db";
import type { ApiKey, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `api_keys` table (docs/architecture.md "Repositories"): every function takes the
 * organization first and reads and writes only that organization's rows, so an id of another
 * organization finds and changes nothing. The lookup of a presented key by its hash, before an
 * organization is known, and the sweeper that copies last uses from Redis are exceptions
 * (docs/security.md).
 */

export type NewApiKey = Omit<Prisma.ApiKeyUncheckedCreateInput, "organizationId">;

export function insertApiKey(organizationId: string, row: NewApiKey): Promise<ApiKey> {
  return db().apiKey.create({ data: { ...row, organizationId } });
}

export function findApiKey(organizationId: string, id: string): Promise<ApiKey | null> {
  return db().apiKey.findFirst({ where: { id, organizationId } });
}

/** The organization's keys, newest first, revoked and expired ones included. */
export function listApiKeyRows(organizationId: string, take: number): Promise<ApiKey[]> {
  return db().apiKey.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
}

/** The key revoked as of `at`, or null when the organization has no key by that id. */
export async function setApiKeyRevokedAt(
  organizationId: string,
  id: string,
  at: Date,
): Promise<ApiKey | null> {
  const [key] = await db().apiKey.updateManyAndReturn({
    where: { id, organizationId },
    data: { revokedAt: at },
  });
  return key ?? null;
}
