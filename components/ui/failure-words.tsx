import { cx } from "@/components/ui/cx";
import { explainFailure } from "@/lib/cloud-api/upstream-error-guide";

/**
 * A failed message as a person reads it (issue 29 item 8): what happened and what to do next, from
 * the one error guide (lib/cloud-api/upstream-error-guide.ts); WhatsApp's code stays, small, for
 * whoever is asked for help. `compact` (a table's cell): the title and what to do, the meaning on hover.
 */
export function FailureWords({
  code,
  message,
  compact = false,
  className,
}: {
  code: string | number | null | undefined;
  message?: string | null;
  compact?: boolean;
  className?: string;
}) {
  const words = explainFailure(code, message);
  const codeText = words.code
    ? /^\d+$/.test(words.code)
      ? `WhatsApp error ${words.code}`
      : words.code
    : null;
  if (compact) {
    return (
      <span className={className} title={words.meaning} data-failure-code={words.code ?? ""}>
        <span className="font-medium">{words.title}.</span> {words.next ?? words.meaning}
        {codeText ? <span className="text-slate-600"> ({codeText})</span> : null}
      </span>
    );
  }
  return (
    <div className={cx("space-y-0.5", className)} data-failure-code={words.code ?? ""}>
      <p>
        <span className="font-semibold">Failed: {words.title}.</span> {words.meaning}
      </p>
      {words.next ? (
        <p>
          <span className="font-semibold">What to do: </span>
          {words.next}
        </p>
      ) : null}
      {codeText ? <p className="opacity-80">{codeText}</p> : null}
    </div>
  );
}
