import "#server-only";
import { db } from "@/lib/db";
import type { ApiKey } from "@/lib/generated/prisma/client.ts";

/** How long a process may trust its copy of a key record (revocation and expiry latency). */
export const KEY_CACHE_TTL_MS = 1_000;
const MAX_ENTRIES = 10_000;

type Entry = { key: ApiKey | null; loadedAt: number };
const cache = new Map<string, Entry>();
const inflight = new Map<string, Promise<ApiKey | null>>();

/**
 * Looks a key up by its SHA-256 hash, with a per-process cache of one second so that a
 * busy key costs one query a second rather than one a request.
 */
export async function findApiKeyByHash(hash: string): Promise<ApiKey | null> {
  const now = Date.now();
  const hit = cache.get(hash);
  if (hit && now - hit.loadedAt < KEY_CACHE_TTL_MS) return hit.key;

  let pending = inflight.get(hash);
  if (!pending) {
    pending = db()
      .apiKey.findUnique({ where: { keyHash: hash } })
      .then((key) => {
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(hash, { key, loadedAt: Date.now() });
        return key;
      })
      .finally(() => inflight.delete(hash));
    inflight.set(hash, pending);
  }
  return pending;
}
