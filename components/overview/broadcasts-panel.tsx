import Link from "next/link";
import { formatDateTime, formatNumber } from "@/components/lib/format";
import { percentOf } from "@/components/overview/overview-words";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { explainFailure } from "@/lib/cloud-api/upstream-error-guide";
import type { OverviewBroadcastJson } from "@/lib/dashboard/overview-schemas";

function stateOf(b: OverviewBroadcastJson): { word: string; tone: BadgeTone } {
  if (b.status === "completed")
    return b.failed > 0
      ? { word: "Completed with failures", tone: "warning" }
      : { word: "Completed", tone: "success" };
  if (b.status === "running") return { word: "Sending", tone: "info" };
  if (b.status === "scheduled") return { word: "Scheduled", tone: "info" };
  if (b.status === "paused") return { word: "Paused", tone: "warning" };
  return { word: "Cancelled", tone: "neutral" };
}

/**
 * The latest broadcasts: of the messages each sent (failed included), how many were delivered,
 * read and answered, and its failures with their most frequent cause, linking to the failed
 * recipients.
 */
export function BroadcastsPanel({ broadcasts }: { broadcasts: OverviewBroadcastJson[] }) {
  return (
    <section
      aria-labelledby="recent-broadcasts"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="recent-broadcasts" className="text-sm font-medium text-slate-600">
        Recent broadcasts
      </h2>
      {broadcasts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          No broadcasts yet.{" "}
          <Link href="/dashboard/broadcasts" className="font-medium text-blue-700 underline">
            Broadcasts
          </Link>{" "}
          send an approved template to many customers at once.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {broadcasts.map((b) => {
            const attempted = b.sent + b.failed;
            const state = stateOf(b);
            const cause = b.top_failure ? explainFailure(b.top_failure.code, b.top_failure.message) : null;
            return (
              <li key={b.id} className="py-2">
                <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <Link
                    href={`/dashboard/broadcasts/${b.id}`}
                    className="min-w-0 truncate font-medium text-blue-700 hover:underline"
                  >
                    {b.name}
                  </Link>
                  <Badge tone={state.tone}>{state.word}</Badge>
                </p>
                {attempted === 0 ? (
                  <p className="text-slate-600">
                    {b.status === "scheduled" && b.started_at === null
                      ? `${formatNumber(b.total)} customers, nothing sent yet`
                      : "Nothing sent"}
                  </p>
                ) : (
                  <p className="text-slate-700 tabular-nums">
                    {formatNumber(attempted)} sent · {percentOf(b.delivered, attempted)} delivered ·{" "}
                    {percentOf(b.read, attempted)} read · {percentOf(b.replied, attempted)} replied
                  </p>
                )}
                {b.failed > 0 ? (
                  <p className="text-red-800">
                    <Link
                      href={`/dashboard/broadcasts/${b.id}?recipients=failed#recipients`}
                      className="font-medium underline"
                    >
                      {formatNumber(b.failed)} failed<span className="sr-only"> in {b.name}</span>
                    </Link>
                    {cause ? <span>, mostly: {cause.title}</span> : null}
                  </p>
                ) : null}
                <p className="text-xs text-slate-600">
                  {b.started_at
                    ? `Started ${formatDateTime(b.started_at)}`
                    : `Created ${formatDateTime(b.created_at)}`}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
