import "#server-only";
import { rateLimitKeys } from "@/lib/api/rate-limit";
import { toApiKeyJson } from "@/lib/keys/key-json";
import { listApiKeyRows } from "@/lib/keys/repository";
import type { ApiKeyJson } from "@/lib/keys/schemas";
import { logger } from "@/lib/logger";
import { readyRedis } from "@/lib/redis";

/** Keys an organization can hold in the list; far above what anyone creates by hand. */
const MAX_KEYS = 500;

/**
 * The rate-limit script writes each key's last use to Redis (`rl:{id}:d`, field `u`) and the
 * worker copies it to ApiKey.lastUsedAt every 30 s; reading Redis too shows uses of the last
 * seconds. Without Redis the list still answers, with the flushed times.
 */
async function recentUses(ids: string[]): Promise<Map<string, number>> {
  const uses = new Map<string, number>();
  if (ids.length === 0) return uses;
  try {
    const pipeline = (await readyRedis()).pipeline();
    for (const id of ids) pipeline.hget(rateLimitKeys(id).day, "u");
    const results = (await pipeline.exec()) ?? [];
    results.forEach(([error, value], i) => {
      const id = ids[i];
      if (!error && id && typeof value === "string" && Number(value) > 0) uses.set(id, Number(value));
    });
  } catch (err) {
    logger.warn({ err: String(err) }, "key last-use from Redis unavailable; showing flushed times");
  }
  return uses;
}

/** Every key of the organization, newest first, revoked and expired ones included. */
export async function listApiKeys(organizationId: string): Promise<ApiKeyJson[]> {
  const keys = await listApiKeyRows(organizationId, MAX_KEYS);
  const uses = await recentUses(keys.map((k) => k.id));
  return keys.map((k) => toApiKeyJson(k, uses.get(k.id)));
}
