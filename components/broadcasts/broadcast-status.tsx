import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";

type Shown = BroadcastJson["status"] | "completed_with_failures" | "paused_by_failures" | "paused_by_channel";

const TONE: Record<Shown, BadgeTone> = {
  scheduled: "info",
  running: "info",
  paused: "warning",
  paused_by_failures: "danger",
  paused_by_channel: "danger",
  completed: "success",
  completed_with_failures: "warning",
  cancelled: "neutral",
};

const WORD: Record<Shown, string> = {
  scheduled: "Scheduled",
  running: "Sending",
  paused: "Paused",
  paused_by_failures: "Paused: sends failing",
  paused_by_channel: "Paused: channel inactive",
  completed: "Completed",
  completed_with_failures: "Completed with failures",
  cancelled: "Cancelled",
};

/**
 * What a person should read of a broadcast's state: a completed one with failures is not shown as
 * a plain success, and one that paused itself says so and why (issue 29; its channel deactivated).
 */
function shownOf(b: Pick<BroadcastJson, "status" | "counts" | "pause">): Shown {
  if (b.status === "completed" && b.counts.failed > 0) return "completed_with_failures";
  if (b.status === "paused" && b.pause)
    return b.pause.by === "failures" ? "paused_by_failures" : "paused_by_channel";
  return b.status;
}

export function BroadcastStatusBadge({
  broadcast,
}: {
  broadcast: Pick<BroadcastJson, "status" | "counts" | "pause">;
}) {
  const shown = shownOf(broadcast);
  return <Badge tone={TONE[shown]}>{WORD[shown]}</Badge>;
}

/** The progress bars' colour: green only for a broadcast that completed without a failure. */
export function progressTone(
  b: Pick<BroadcastJson, "status" | "counts" | "pause">,
): "info" | "success" | "danger" {
  const shown = shownOf(b);
  if (shown === "completed") return "success";
  if (
    shown === "paused_by_failures" ||
    shown === "paused_by_channel" ||
    (shown === "completed_with_failures" && b.counts.failed > b.counts.sent)
  ) {
    return "danger";
  }
  return "info";
}

/** Recipients no longer waiting (sent, failed or skipped), of all: the progress bars' value. */
export function progressOf(b: BroadcastJson): number {
  return b.counts.total === 0 ? 1 : (b.counts.total - b.counts.pending) / b.counts.total;
}
