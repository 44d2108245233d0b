import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { rawQuery } from "@/lib/db";
import { readyRedis } from "@/lib/redis";

/** Readiness: PostgreSQL and Redis answer; otherwise SERVER_SERVICE_UNAVAILABLE naming which is down. */
export async function checkReadiness(): Promise<{ postgres: "ok"; redis: "ok" }> {
  const checks = await Promise.allSettled([rawQuery`SELECT 1`, readyRedis().then((r) => r.ping())]);
  const [pg, redis] = checks.map((c) => c.status === "fulfilled");
  if (pg === true && redis === true) return { postgres: "ok", redis: "ok" };
  throw new ApiError("SERVER_SERVICE_UNAVAILABLE", "a dependency is unavailable", {
    postgres: pg ? "ok" : "down",
    redis: redis ? "ok" : "down",
  });
}
