import type { ReactNode } from "react";

/** One metric of the overview: its name, the headline number, a line of detail, and its chart. */
export function ChartCard({
  title,
  value,
  detail,
  children,
}: {
  title: string;
  value: string;
  detail: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="min-w-0 rounded-lg border border-slate-200 bg-white p-5">
      <h2 className="text-sm font-medium text-slate-600">{title}</h2>
      <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">{value}</p>
      <p className="mt-1 text-sm text-slate-600">{detail}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}
