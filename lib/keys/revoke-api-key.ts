import "#server-only";
import { db } from "@/lib/db";

/**
 * Revokes a key. Processes cache key records for at most KEY_CACHE_TTL_MS (1 s),
 * so the revocation takes effect everywhere within a second.
 */
export async function revokeApiKey(id: string, organizationId?: string) {
  const existing = await db().apiKey.findFirst({
    where: { id, ...(organizationId ? { organizationId } : {}) },
  });
  if (!existing) return null;
  if (existing.revokedAt) return existing;
  return db().apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
}
