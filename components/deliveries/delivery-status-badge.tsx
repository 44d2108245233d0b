import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { DeliveryStatus } from "@/lib/webhooks/delivery-schemas";

/** Pending with failed attempts behind it reads "Retrying": that is what support wants to see. */
export function deliveryState(status: DeliveryStatus, attempts: number): { label: string; tone: BadgeTone } {
  if (status === "succeeded") return { label: "Succeeded", tone: "success" };
  if (status === "failed") return { label: "Failed", tone: "danger" };
  return attempts > 0 ? { label: "Retrying", tone: "warning" } : { label: "Pending", tone: "info" };
}

export function DeliveryStatusBadge({ status, attempts }: { status: DeliveryStatus; attempts: number }) {
  const state = deliveryState(status, attempts);
  return <Badge tone={state.tone}>{state.label}</Badge>;
}

/** "500", "timeout", "—": the outcome of an attempt in a few characters, with its tone. */
export function OutcomeBadge({ code, error }: { code: number | null; error: string | null }) {
  if (code === null && error === null) return <span className="text-slate-500">—</span>;
  if (code === null) return <Badge tone="danger">No answer</Badge>;
  const ok = code >= 200 && code < 300;
  return (
    <Badge tone={ok ? "success" : "danger"}>
      <span className="font-mono">{code}</span>
    </Badge>
  );
}
