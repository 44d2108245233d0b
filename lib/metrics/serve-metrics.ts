import "#server-only";
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { config } from "@/lib/config";
import { logger } from "@/lib/logger";
import { metrics } from "@/lib/metrics/registry";

export type MetricsAnswer = { status: number; contentType: string; body: string };

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics of the web process and the worker: 404 while METRICS_TOKEN is unset (the
 * endpoint does not exist), 401 without `Authorization: Bearer <METRICS_TOKEN>`, else the
 * Prometheus text format.
 */
export async function metricsAnswer(authorization: string | null | undefined): Promise<MetricsAnswer> {
  const token = config().METRICS_TOKEN;
  const m = metrics();
  if (!token || !m) return { status: 404, contentType: "text/plain", body: "Not found\n" };
  const given = /^Bearer (.+)$/i.exec(authorization ?? "")?.[1] ?? "";
  if (!sameToken(given, token)) return { status: 401, contentType: "text/plain", body: "Unauthorized\n" };
  return { status: 200, contentType: m.registry.contentType, body: await m.registry.metrics() };
}

/** The worker's metrics server on WORKER_METRICS_PORT; null (nothing listens) without METRICS_TOKEN. */
export async function startWorkerMetricsServer(): Promise<Server | null> {
  if (!config().METRICS_TOKEN) return null;
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    metricsAnswer(req.headers.authorization).then(
      (answer) => res.writeHead(answer.status, { "content-type": answer.contentType }).end(answer.body),
      (err: unknown) => {
        logger.warn({ err: String(err) }, "metrics could not be collected");
        res.writeHead(500, { "content-type": "text/plain" }).end("Metrics unavailable\n");
      },
    );
  });
  const port = config().WORKER_METRICS_PORT;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, resolve);
  });
  logger.info({ port }, "worker metrics on /metrics");
  return server;
}
