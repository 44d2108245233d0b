import Link from "next/link";
import { formatDateTime, formatNumber, formatRelative } from "@/components/lib/format";
import { customerLabel } from "@/components/overview/overview-words";
import { FailureWords } from "@/components/ui/failure-words";
import type { FailureCauseJson } from "@/lib/dashboard/overview-schemas";

/**
 * The range's failed messages by cause, most frequent first: what each cause means and what to do
 * (the one error guide), and its latest messages, each opening the conversation it failed in (or,
 * for a broadcast's, the broadcast's failed recipients).
 */
export function FailuresPanel({ failures, period }: { failures: FailureCauseJson[]; period: string }) {
  return (
    <section aria-labelledby="failures" className="mt-4 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="failures" className="text-sm font-medium text-slate-600">
        Failed messages by cause <span className="font-normal">({period.toLowerCase()})</span>
      </h2>
      {failures.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No message failed in this period.</p>
      ) : (
        <ul className="mt-2 space-y-4 text-sm">
          {failures.map((f) => {
            const more = f.count - f.examples.length;
            return (
              <li
                key={f.code ?? ""}
                className="flex flex-col gap-2 sm:flex-row sm:gap-4"
                data-cause={f.code ?? ""}
              >
                <p className="shrink-0 text-2xl font-semibold text-red-800 tabular-nums sm:w-16 sm:text-right">
                  {formatNumber(f.count)}
                  <span className="sr-only"> failed</span>
                </p>
                <div className="min-w-0 flex-1 space-y-1 text-slate-800">
                  <FailureWords code={f.code} message={f.message} />
                  <ul className="space-y-0.5 text-slate-700">
                    {f.examples.map((e) => (
                      <li key={e.message_id} className="break-words">
                        {e.conversation_id ? (
                          <Link
                            href={`/dashboard/conversations/${e.conversation_id}`}
                            className="font-medium text-blue-700 hover:underline"
                          >
                            {customerLabel(e.contact)}
                          </Link>
                        ) : (
                          <span className="font-medium">{customerLabel(e.contact)}</span>
                        )}{" "}
                        <time dateTime={e.at} title={formatDateTime(e.at)} className="text-slate-600">
                          {formatRelative(e.at)}
                        </time>
                        {e.broadcast ? (
                          <>
                            {" · broadcast "}
                            <Link
                              href={`/dashboard/broadcasts/${e.broadcast.id}?recipients=failed#recipients`}
                              className="text-blue-700 underline"
                            >
                              {e.broadcast.name}
                            </Link>
                          </>
                        ) : null}
                      </li>
                    ))}
                    {more > 0 ? <li className="text-slate-600">and {formatNumber(more)} more</li> : null}
                  </ul>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
