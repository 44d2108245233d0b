import Link from "next/link";
import { formatDateTime, formatNumber } from "@/components/lib/format";
import { customerLabel, durationSince } from "@/components/overview/overview-words";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import type { WaitingJson } from "@/lib/dashboard/overview-schemas";

/** Who waits for an answer: how many, the longest wait, and the longest waiting, each one click from its thread. */
export function WaitingPanel({ waiting }: { waiting: WaitingJson }) {
  const count = `${waiting.capped ? "At least " : ""}${formatNumber(waiting.count)}`;
  return (
    <section aria-labelledby="waiting" className="min-w-0 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="waiting" className="text-sm font-medium text-slate-600">
        Waiting for a reply
      </h2>
      {waiting.count === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          Nobody is waiting: every customer who wrote has had an answer.
        </p>
      ) : (
        <>
          <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">{count}</p>
          <p className="mt-1 text-sm text-slate-700">
            {waiting.count === 1 ? "conversation waits" : "conversations wait"} for your answer
            {waiting.oldest_since ? (
              <>
                {"; the longest for "}
                <time
                  dateTime={waiting.oldest_since}
                  title={formatDateTime(waiting.oldest_since)}
                  className="font-semibold text-slate-900"
                >
                  {durationSince(waiting.oldest_since)}
                </time>
              </>
            ) : null}
            .
          </p>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {waiting.conversations.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
                <Link
                  href={`/dashboard/conversations/${c.id}`}
                  className="min-w-0 truncate font-medium text-blue-700 hover:underline"
                >
                  {customerLabel(c.contact)}
                </Link>
                <span className="flex shrink-0 items-center gap-2 text-slate-600">
                  <time dateTime={c.waiting_since} title={formatDateTime(c.waiting_since)}>
                    waiting {durationSince(c.waiting_since)}
                  </time>
                  {c.assignee ? <span>· {c.assignee}</span> : <Badge tone="warning">Unassigned</Badge>}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link href="/dashboard/conversations" className={buttonClass("secondary", "sm", "mt-3")}>
        Open conversations
      </Link>
    </section>
  );
}
