import { OutcomeBadge } from "@/components/deliveries/delivery-status-badge";
import { failureReason } from "@/lib/webhooks/failure-reason";

export type FailureReasonProps = {
  code: number | null;
  error: string | null;
  snippet: string | null;
};

/**
 * The latest answer of a delivery in one line: the reason when it failed ("500 · receiver is
 * down…", "timeout after 10 s", "connection refused"), else the status code's badge.
 */
export function FailureReason({ code, error, snippet }: FailureReasonProps) {
  const reason = failureReason({ status_code: code, error, response_snippet: snippet });
  if (!reason) return <OutcomeBadge code={code} error={error} />;
  return (
    <span className="block text-sm font-medium break-words text-red-800" title={error ?? reason}>
      {reason}
    </span>
  );
}
