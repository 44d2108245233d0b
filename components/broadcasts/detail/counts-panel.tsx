import { progressOf, progressTone } from "@/components/broadcasts/broadcast-status";
import { formatNumber } from "@/components/lib/format";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";

const ORDER = ["total", "pending", "sent", "delivered", "read", "replied", "failed", "skipped"] as const;
const WORDS: Record<(typeof ORDER)[number], string> = {
  total: "Recipients",
  pending: "Waiting",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  replied: "Replied",
  failed: "Failed",
  skipped: "Skipped",
};

/** The progress bar and every count of the broadcast. */
export function CountsPanel({ broadcast }: { broadcast: BroadcastJson }) {
  const c = broadcast.counts;
  return (
    <section aria-label="Progress" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <ProgressBar
        value={progressOf(broadcast)}
        label={`${formatNumber(c.total - c.pending)} of ${formatNumber(c.total)} recipients done`}
        tone={progressTone(broadcast)}
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {ORDER.map((k) => (
          <div key={k} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600 uppercase">{WORDS[k]}</dt>
            <dd
              className={`text-lg font-semibold ${k === "failed" && c.failed > 0 ? "text-red-700" : "text-slate-900"}`}
              data-count={k}
            >
              {formatNumber(c[k])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
