import type { Job } from "bullmq";
import { flushKeyUsage } from "@/lib/maintenance/flush-key-usage";
import { prune } from "@/lib/maintenance/prune";
import { QUEUES } from "@/lib/queues";

export async function processMaintenance(job: Job): Promise<unknown> {
  const { task } = QUEUES.maintenance.payload.parse(job.data);
  switch (task) {
    case "flush-key-usage":
      return { updated: await flushKeyUsage() };
    case "prune":
      return prune();
    case "sweep-deliveries":
      return { skipped: true };
  }
}
