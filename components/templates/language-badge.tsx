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

/** Why the upstream rejected, paused or flagged a language, in words ("Incorrect category: …"). */
export function StatusReason({ reason, details }: { reason: string | null; details: string | null }) {
  if (!reason && !details) return null;
  return (
    <span className="mt-1 block max-w-xs text-xs text-slate-600">
      {reason ? statusLabel(reason) : null}
      {reason && details ? ": " : null}
      {details}
    </span>
  );
}
