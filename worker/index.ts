import { type Processor, Worker } from "bullmq";
import { stopBroadcastDrivers } from "@/lib/broadcasts/run-broadcast";
import { config } from "@/lib/config";
import { disconnectDb } from "@/lib/db";
import { listenForUpstream } from "@/lib/inbound/listen-upstream";
import { MAINTENANCE_SCHEDULES } from "@/lib/jobs/maintenance";
import { UPSTREAM_CONCURRENCY } from "@/lib/jobs/upstream";
import { logger } from "@/lib/logger";
import { registerQueueGauges } from "@/lib/metrics/queue-gauges";
import { startWorkerMetricsServer } from "@/lib/metrics/serve-metrics";
import { closeQueues, QUEUES, type QueueKey, queue } from "@/lib/queues";
import { bullConnection } from "@/lib/redis";
import { drainInlineDeliveries } from "@/lib/webhooks/start-deliveries";
import { processBroadcast } from "@/worker/broadcasts";
import { processRingTimeout } from "@/worker/calls";
import { processDelivery } from "@/worker/deliveries";
import { processMaintenance } from "@/worker/maintenance";
import { processMedia } from "@/worker/media";
import { processSend } from "@/worker/sends";
import { processTemplates } from "@/worker/templates";
import { processInbound } from "@/worker/upstream";

/** Every job's handler (worker/<job>.ts), by the key of its definition in lib/jobs/: one each. */
const HANDLERS = {
  sends: processSend,
  upstream: processInbound,
  templates: processTemplates,
  media: processMedia,
  deliveries: processDelivery,
  broadcasts: processBroadcast,
  maintenance: processMaintenance,
  calls: processRingTimeout,
} satisfies Record<QueueKey, Processor>;

async function scheduleMaintenance(): Promise<void> {
  const q = queue("maintenance");
  for (const [task, every] of Object.entries(MAINTENANCE_SCHEDULES)) {
    await q.upsertJobScheduler(task, { every }, { data: { task } });
  }
}

async function main(): Promise<void> {
  const settings = config();
  const workers = (Object.keys(HANDLERS) as QueueKey[]).map((key) => {
    const { name, concurrency } = QUEUES[key];
    const worker = new Worker(name, HANDLERS[key], {
      connection: bullConnection(),
      concurrency: concurrency(settings),
      // a crash must not fail a job for good (design.md, sends)
      maxStalledCount: 10,
    });
    worker.on("failed", (job, err) =>
      logger.warn({ queue: name, jobId: job?.id, err: err.message }, "job failed"),
    );
    worker.on("error", (err) => logger.error({ queue: name, err: err.message }, "worker error"));
    return worker;
  });
  const upstream = listenForUpstream({ concurrency: UPSTREAM_CONCURRENCY });
  await scheduleMaintenance();
  registerQueueGauges();
  const metricsServer = await startWorkerMetricsServer();
  // a Redis flush removes the job schedulers too: put them back every minute (upserts are idempotent)
  const reschedule = setInterval(() => {
    scheduleMaintenance().catch((err: unknown) =>
      logger.warn({ err: String(err) }, "could not reschedule maintenance"),
    );
  }, 60_000);
  logger.info({ queues: workers.map((w) => w.name) }, "worker started");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(reschedule);
    metricsServer?.close();
    logger.info({ signal }, "worker stopping");
    stopBroadcastDrivers();
    // jobs and notifications finishing meanwhile queue their deliveries' first attempts instead of starting them
    await Promise.all([...workers.map((w) => w.close()), upstream.stop(), drainInlineDeliveries()]);
    await closeQueues();
    await disconnectDb();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  logger.fatal({ err: err instanceof Error ? err.message : String(err) }, "worker failed to start");
  process.exit(1);
});
