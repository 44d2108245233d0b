import { cx } from "@/components/ui/cx";

/** A grey placeholder block while data loads (hidden from screen readers). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx("animate-pulse rounded bg-slate-200", className)} />;
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cx("animate-spin", className ?? "size-5")}
      fill="none"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

function ids(count: number, prefix: string): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
}

/** The loading state of a table: announced once, drawn as grey rows. */
export function TableSkeleton({
  rows = 5,
  columns = 4,
  label = "Loading",
}: {
  rows?: number;
  columns?: number;
  label?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <span className="sr-only">{label}…</span>
      {ids(rows, "row").map((row) => (
        <div key={row} className="flex gap-4">
          {ids(columns, `${row}-col`).map((cell) => (
            <Skeleton key={cell} className="h-5 flex-1" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A centred spinner with a text, for whole-page or dialog loading. */
export function Loading({ label = "Loading" }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center justify-center gap-3 py-10 text-slate-600"
    >
      <Spinner />
      <span>{label}…</span>
    </div>
  );
}
