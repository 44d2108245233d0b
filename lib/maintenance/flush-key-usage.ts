import "#server-only";
import { db } from "@/lib/db";
import { readyRedis } from "@/lib/redis";

/**
 * Copies each API key's last use from Redis (written by the rate-limit script) to
 * ApiKey.lastUsedAt, so requests never write to PostgreSQL for it. Returns keys updated.
 */
export async function flushKeyUsage(): Promise<number> {
  const r = await readyRedis();
  let cursor = "0";
  let updated = 0;
  do {
    const [next, keys] = await r.scan(cursor, "MATCH", "rl:{*}:d", "COUNT", 500);
    cursor = next;
    for (const key of keys) {
      const id = /^rl:\{([0-9a-f-]{36})\}:d$/.exec(key)?.[1];
      const lastUsed = await r.hget(key, "u");
      if (!id || !lastUsed) continue;
      const at = new Date(Number(lastUsed));
      const result = await db().apiKey.updateMany({
        where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: at } }] },
        data: { lastUsedAt: at },
      });
      updated += result.count;
    }
  } while (cursor !== "0");
  return updated;
}
