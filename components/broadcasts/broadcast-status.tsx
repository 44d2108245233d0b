import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";

const TONE: Record<BroadcastJson["status"], BadgeTone> = {
  scheduled: "info",
  running: "info",
  paused: "warning",
  completed: "success",
  cancelled: "neutral",
};

const WORD: Record<BroadcastJson["status"], string> = {
  scheduled: "Scheduled",
  running: "Sending",
  paused: "Paused",
  completed: "Completed",
  cancelled: "Cancelled",
};

export function BroadcastStatusBadge({ status }: { status: BroadcastJson["status"] }) {
  return <Badge tone={TONE[status]}>{WORD[status]}</Badge>;
}

/** Recipients no longer waiting (sent, failed or skipped), of all: the progress bars' value. */
export function progressOf(b: BroadcastJson): number {
  return b.counts.total === 0 ? 1 : (b.counts.total - b.counts.pending) / b.counts.total;
}
