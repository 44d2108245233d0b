import { CodeBlock, prettyJson } from "@/components/deliveries/code-block";
import { OutcomeBadge } from "@/components/deliveries/delivery-status-badge";
import { HeadersTable } from "@/components/deliveries/headers-table";
import { formatDateTime, formatNumber } from "@/components/lib/format";
import type { DeliveryJson } from "@/lib/webhooks/delivery-json";

type Attempt = DeliveryJson["attempts"][number];

/** Every attempt, newest first: when, the answer, how long it took, why it failed, what came back. */
export function AttemptsList({ attempts }: { attempts: Attempt[] }) {
  if (attempts.length === 0) {
    return <p className="text-sm text-slate-600">No attempt yet: the first one is made within seconds.</p>;
  }
  return (
    <ol aria-label="Attempts" className="space-y-3">
      {[...attempts].reverse().map((a) => (
        <li key={a.attempt_number} className="rounded-md border border-slate-200 p-3">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold text-slate-900">Attempt {a.attempt_number}</span>
            <OutcomeBadge code={a.status_code} error={a.error} />
            <time dateTime={a.started_at} className="text-slate-600">
              {formatDateTime(a.started_at)}
            </time>
            <span className="text-slate-600">{formatNumber(a.duration_ms)} ms</span>
          </p>
          {a.error ? <p className="mt-1 text-sm text-red-800">{a.error}</p> : null}
          {a.response_snippet ? (
            <div className="mt-2">
              <p className="mb-1 text-xs font-medium text-slate-600">Response body (first 1 KB)</p>
              <CodeBlock
                label={`Response to attempt ${a.attempt_number}`}
                text={prettyJson(a.response_snippet)}
                copyValue={a.response_snippet}
              />
            </div>
          ) : null}
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-slate-700">
              Headers sent with attempt {a.attempt_number}
            </summary>
            <div className="mt-2">
              <HeadersTable headers={a.request_headers} caption={`Headers of attempt ${a.attempt_number}`} />
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
