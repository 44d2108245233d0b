import { skipWords } from "@/components/broadcasts/skip-reasons";
import { formatNumber } from "@/components/lib/format";
import { FailureWords } from "@/components/ui/failure-words";
import type { BroadcastDetailJson } from "@/lib/broadcasts/dashboard-json";

/** Failures grouped by WhatsApp's code (what it means and what to do next), and skips by reason. */
export function ReasonsPanel({ detail }: { detail: BroadcastDetailJson }) {
  if (detail.failures.length === 0 && detail.skips.length === 0) return null;
  return (
    <section aria-labelledby="reasons" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="reasons" className="mb-2 text-sm font-semibold text-slate-900">
        Failures and skips by reason
      </h2>
      <ul className="space-y-2 text-sm text-slate-800">
        {detail.failures.map((f) => (
          <li key={`f-${f.code}`} className="flex gap-3">
            <span className="w-16 shrink-0 text-right font-semibold tabular-nums">
              {formatNumber(f.count)}
            </span>
            <FailureWords code={f.code} message={f.message} />
          </li>
        ))}
        {detail.skips.map((s) => (
          <li key={`s-${s.reason}`} className="flex gap-3">
            <span className="w-16 shrink-0 text-right font-semibold tabular-nums">
              {formatNumber(s.count)}
            </span>
            <span>
              <span className="font-medium">Skipped:</span> {skipWords(s.reason)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
