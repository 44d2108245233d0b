import { CodeBlock, prettyJson } from "@/components/deliveries/code-block";
import { formatDateTime, formatNumber } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import type { DeliveryJson } from "@/lib/webhooks/delivery-json";
import { failureReason } from "@/lib/webhooks/failure-reason";

type Attempt = DeliveryJson["attempts"][number];

/**
 * What happened the last time, before anything else (as Svix and Stripe show it): the answer or
 * why there was none, how long it took, and what the receiver said. Payload and headers come after.
 */
export function LastAttemptSummary({ attempt }: { attempt: Attempt | undefined }) {
  if (!attempt) {
    return (
      <section aria-label="Last attempt" className="rounded-md border border-slate-200 p-3">
        <p className="text-sm text-slate-700">No attempt yet: the first one is made within seconds.</p>
      </section>
    );
  }
  const reason = failureReason(attempt);
  const ok = reason === null;
  return (
    <section
      aria-label="Last attempt"
      className={
        ok
          ? "space-y-2 rounded-md border border-green-200 bg-green-50 p-3"
          : "space-y-2 rounded-md border border-red-200 bg-red-50 p-3"
      }
    >
      <h3 className="text-sm font-semibold text-slate-900">
        Last attempt (attempt {attempt.attempt_number})
      </h3>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {ok ? (
          <Badge tone="success">
            <span className="font-mono">{attempt.status_code}</span>
          </Badge>
        ) : (
          <strong className="text-base font-semibold break-words text-red-900">{reason}</strong>
        )}
        <span className="text-slate-700">took {formatNumber(attempt.duration_ms)} ms</span>
        <time dateTime={attempt.started_at} className="text-slate-700">
          {formatDateTime(attempt.started_at)}
        </time>
      </p>
      {attempt.error && !ok ? <p className="text-sm break-words text-slate-800">{attempt.error}</p> : null}
      {attempt.response_snippet ? (
        <div>
          <p className="mb-1 text-xs font-medium text-slate-700">The receiver answered (first 1 KB)</p>
          <CodeBlock
            label="Response to the last attempt"
            text={prettyJson(attempt.response_snippet)}
            copyValue={attempt.response_snippet}
          />
        </div>
      ) : null}
    </section>
  );
}
