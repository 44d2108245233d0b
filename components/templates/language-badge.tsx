import { Badge, type BadgeTone } from "@/components/ui/badge";

const TONES: Record<string, BadgeTone> = {
  APPROVED: "success",
  PENDING: "warning",
  IN_APPEAL: "warning",
  REJECTED: "danger",
  PAUSED: "neutral",
  DISABLED: "neutral",
};

export function statusLabel(status: string): string {
  const words = status.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "en_US · Approved": one language of a template and its upstream status. */
export function LanguageBadge({ code, status }: { code: string; status: string }) {
  return (
    <Badge tone={TONES[status] ?? "neutral"}>
      <span className="font-mono">{code}</span>&nbsp;·&nbsp;{statusLabel(status)}
    </Badge>
  );
}
