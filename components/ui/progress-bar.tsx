import { cx } from "@/components/ui/cx";

/** A determinate progress bar (0–1) with its label; role=progressbar for assistive technology. */
export function ProgressBar({
  value,
  label,
  tone = "info",
}: {
  value: number;
  label: string;
  tone?: "info" | "success" | "danger";
}) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{label}</span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cx(
            "h-full rounded-full transition-[width]",
            tone === "success" ? "bg-green-600" : tone === "danger" ? "bg-red-600" : "bg-blue-600",
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
