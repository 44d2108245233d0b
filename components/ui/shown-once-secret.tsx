import { CopyButton } from "@/components/ui/copy-button";
import { cx } from "@/components/ui/cx";

/** A secret shown only this once (a new API key, a rotated webhook secret), with its copy button. */
export function ShownOnceSecret({
  value,
  copyLabel,
  testId,
  className,
}: {
  value: string;
  copyLabel: string;
  testId: string;
  className?: string;
}) {
  return (
    <div
      className={cx(
        "flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-3",
        className,
      )}
    >
      <code data-testid={testId} className="min-w-0 flex-1 text-sm break-all">
        {value}
      </code>
      <CopyButton value={value} label={copyLabel} />
    </div>
  );
}
