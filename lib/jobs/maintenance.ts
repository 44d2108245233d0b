import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/**
 * How often each maintenance task runs, in ms: the worker keeps one BullMQ job scheduler per
 * task (worker/maintenance.ts runs them; a scheduler's job runs once per period across workers).
 */
export const MAINTENANCE_SCHEDULES = {
  "flush-key-usage": 30_000,
  prune: 3_600_000,
  "sweep-sends": 60_000,
  "sweep-upstream": 60_000,
  "sweep-deliveries": 30_000,
  // scheduled broadcasts start on time even when their delayed job was lost with Redis
  "sweep-broadcasts": 5_000,
  "sync-all-templates": 900_000,
  "compact-usage": 3_600_000,
  // customers' calls past their ring time whose delayed job was lost with Redis
  "sweep-ringing-calls": 15_000,
} as const;

export type MaintenanceTask = keyof typeof MAINTENANCE_SCHEDULES;

const TASKS = Object.keys(MAINTENANCE_SCHEDULES) as [MaintenanceTask, ...MaintenanceTask[]];

/** The sweepers, the pruning and the periodic syncs: one task a job, one at a time. */
export const maintenanceJob = defineJob({
  name: "{maintenance}",
  payload: z.object({ task: z.enum(TASKS) }),
  options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  concurrency: () => 1,
});
