import "#server-only";
import { Gauge } from "prom-client";
import { metrics } from "@/lib/metrics/registry";
import { QUEUES, type QueueKey, queue } from "@/lib/queues";

/**
 * "prioritized": jobs waiting behind a priority, which BullMQ keeps apart from "waiting" (the
 * template sweep's, lib/jobs/templates.ts): without it a sweep's backlog would not show here.
 */
const STATES = ["waiting", "prioritized", "delayed", "active", "failed"] as const;

/**
 * Queue depth per queue from BullMQ's own counts, read at each scrape: registered by the worker
 * only (the queues are shared, one process answering them is enough).
 */
export function registerQueueGauges(): void {
  const m = metrics();
  if (!m) return;
  new Gauge({
    name: "messaging_queue_jobs",
    help: "Jobs per BullMQ queue and state (waiting, prioritized, delayed, active, failed), from BullMQ's counts",
    labelNames: ["queue", "state"] as const,
    registers: [m.registry],
    async collect() {
      const keys = Object.keys(QUEUES) as QueueKey[];
      const counts = await Promise.all(keys.map((key) => queue(key).getJobCounts(...STATES)));
      keys.forEach((key, i) => {
        for (const state of STATES) this.set({ queue: key, state }, counts[i]?.[state] ?? 0);
      });
    },
  });
}
