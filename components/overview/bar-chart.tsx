"use client";

import {
  Bar,
  CartesianGrid,
  BarChart as RechartsBarChart,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { formatNumber } from "@/components/lib/format";

export type ChartSeries = {
  key: string;
  label: string;
  /** the bars' colour (CSS colour) */
  color: string;
};

export type ChartPoint = {
  /** short axis label, e.g. "14:00" */
  label: string;
  /** the full bucket name, for tooltips and the data table */
  title: string;
  values: Record<string, number>;
};

/** The tooltip: the period in full and every series' exact figure. */
function ExactTooltip({
  active,
  payload,
  series,
}: Pick<TooltipContentProps<number, string>, "active" | "payload"> & { series: readonly ChartSeries[] }) {
  const point = payload?.[0]?.payload as ({ title: string } & Record<string, number | string>) | undefined;
  if (!active || !point) return null;
  return (
    <div
      className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md"
      data-chart-tooltip
    >
      <p className="font-medium text-slate-900">{point.title}</p>
      <ul className="mt-1 space-y-0.5">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-2 text-slate-700">
            <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: s.color }} />
            {s.label}:{" "}
            <span className="font-semibold tabular-nums">{formatNumber(Number(point[s.key] ?? 0))}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Stacked bars drawn with Recharts: axis labels are measured and thinned so they never overlap,
 * whatever the width (interval "preserveStartEnd" with a minimum gap); a tooltip gives each
 * period's exact figures (pointer or keyboard: Recharts' accessibility layer); and the same
 * numbers are in a table under the chart, for screen readers and for anyone who wants them.
 */
export function BarChart({
  caption,
  series,
  points,
}: {
  caption: string;
  series: readonly ChartSeries[];
  points: readonly ChartPoint[];
}) {
  const data = points.map((p) => ({ label: p.label, title: p.title, ...p.values }));
  return (
    <figure>
      <div className="h-40 w-full" data-chart>
        <ResponsiveContainer width="100%" height="100%">
          <RechartsBarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={caption}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="label"
              interval="preserveStartEnd"
              minTickGap={12}
              tickLine={false}
              axisLine={{ stroke: "#cbd5e1" }}
              tick={{ fontSize: 12, fill: "#475569" }}
            />
            <YAxis
              allowDecimals={false}
              width={40}
              tickLine={false}
              axisLine={false}
              tick={{ fontSize: 12, fill: "#475569" }}
              tickFormatter={(v: number) => formatNumber(v)}
            />
            <Tooltip
              cursor={{ fill: "#f1f5f9" }}
              content={(props) => (
                <ExactTooltip active={props.active} payload={props.payload} series={series} />
              )}
            />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stackId="all"
                fill={s.color}
                isAnimationActive={false}
              />
            ))}
          </RechartsBarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600">
        {series.map((s) => (
          <span key={s.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: s.color }} />
            {s.label}
          </span>
        ))}
      </figcaption>
      <details className="mt-2 text-xs text-slate-700">
        <summary className="cursor-pointer text-slate-600 hover:text-slate-900">Show the numbers</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-2 font-semibold">
                  Period
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="py-1 pr-2 text-right font-semibold">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.title} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {p.title}
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="py-1 pr-2 text-right">
                      {formatNumber(p.values[s.key] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
