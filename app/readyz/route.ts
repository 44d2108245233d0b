import { db } from "@/lib/db";
import { readyRedis } from "@/lib/redis";

/** Readiness: PostgreSQL and Redis answer. */
export async function GET(): Promise<Response> {
  const checks = await Promise.allSettled([db().$queryRaw`SELECT 1`, readyRedis().then((r) => r.ping())]);
  const [pg, redis] = checks.map((c) => c.status === "fulfilled");
  const ready = pg === true && redis === true;
  return Response.json(
    ready
      ? { success: true, data: { postgres: "ok", redis: "ok" } }
      : {
          success: false,
          error: {
            code: "SERVER_SERVICE_UNAVAILABLE",
            message: "a dependency is unavailable",
            details: { postgres: pg ? "ok" : "down", redis: redis ? "ok" : "down" },
          },
        },
    { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
