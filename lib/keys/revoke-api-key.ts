import "#server-only";
import { findApiKey, setApiKeyRevokedAt } from "@/lib/keys/repository";

/**
 * Revokes a key of the organization (null when it has none by that id). Processes cache key
 * records for at most KEY_CACHE_TTL_MS (1 s), so the revocation takes effect everywhere within a
 * second.
 */
export async function revokeApiKey(organizationId: string, id: string) {
  const existing = await findApiKey(organizationId, id);
  if (!existing) return null;
  if (existing.revokedAt) return existing;
  return setApiKeyRevokedAt(organizationId, id, new Date());
}
