import { type Processor, Worker } from "bullmq";
import { stopBroadcastDrivers } from "@/lib/broadcasts/run-broadcast";
import { type Config, config } from "@/lib/config";
import { disconnectDb } from "@/lib/db";
import { listenForUpstream } from "@/lib/inbound/listen-upstream";
import { logger } from "@/lib/logger";
import { registerQueueGauges } from "@/lib/metrics/queue-gauges";
import { startWorkerMetricsServer } from "@/lib/metrics/serve-metrics";
import { closeQueues, MAINTENANCE_SCHEDULES, QUEUES, type QueueKey, queue } from "@/lib/queues";
import { bullConnection } from "@/lib/redis";
import { drainInlineDeliveries } from "@/lib/webhooks/start-deliveries";
import { processBroadcast } from "@/worker/broadcasts";
import { processRingTimeout } from "@/worker/calls";
import { processDelivery } from "@/worker/deliveries";
import { processInbound } from "@/worker/inbound";
import { processMaintenance } from "@/worker/maintenance";
import { processMedia } from "@/worker/media";
import { processSend } from "@/worker/sends";
import { processTemplates } from "@/worker/templates";

const UPSTREAM_CONCURRENCY = 20;

/** One BullMQ Worker per queue; each closes cleanly on SIGTERM. */
const processors = (
  settings: Config,
): Partial<Record<QueueKey, { processor: Processor; concurrency: number }>> => ({
  sends: { processor: processSend, concurrency: settings.SEND_CONCURRENCY },
  // notifications the sweeper queued again (the web's NOTIFY wakes listenForUpstream for the rest)
  upstream: { processor: processInbound, concurrency: UPSTREAM_CONCURRENCY },
  templates: { processor: processTemplates, concurrency: 2 },
  media: { processor: processMedia, concurrency: 5 },
  deliveries: { processor: processDelivery, concurrency: settings.DELIVERY_CONCURRENCY },
  // a broadcast's job sends its batches itself, concurrently: few jobs keep many sends in flight
  broadcasts: { processor: processBroadcast, concurrency: settings.BROADCAST_CONCURRENCY },
  maintenance: { processor: processMaintenance, concurrency: 1 },
  calls: { processor: processRingTimeout, concurrency: 5 },
});

async function scheduleMaintenance(): Promise<void> {
  const q = queue("maintenance");
  for (const [task, every] of Object.entries(MAINTENANCE_SCHEDULES)) {
    await q.upsertJobScheduler(task, { every }, { data: { task } });
  }
}

async function main(): Promise<void> {
  const workers = Object.entries(processors(config())).map(([key, spec]) => {
    const name = QUEUES[key as QueueKey].name;
    const worker = new Worker(name, spec.processor, {
      connection: bullConnection(),
      concurrency: spec.concurrency,
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
