import "#server-only";
import { db } from "@/lib/db";
import type { ApiKey } from "@/lib/generated/prisma/client.ts";
import { ttlCache } from "@/lib/ttl-cache";

/** How long a process may trust its copy of a key record (revocation and expiry latency). */
export const KEY_CACHE_TTL_MS = 1_000;
const keys = ttlCache<ApiKey | null>(KEY_CACHE_TTL_MS);

/**
 * Looks a key up by its SHA-256 hash, with a per-process cache of one second so that a
 * busy key costs one query a second rather than one a request.
 */
export function findApiKeyByHash(hash: string): Promise<ApiKey | null> {
  return keys(hash, () => db().apiKey.findUnique({ where: { keyHash: hash } }));
}
