import { formatNumber } from "@/lib/dashboard/format";

export type ChartSeries = {
  key: string;
  label: string;
  /** SVG fill class of the bars, e.g. fill-blue-600 */
  fill: string;
  /** background class of the legend swatch */
  swatch: string;
};

export type ChartPoint = {
  /** short axis label, e.g. "14:00" */
  label: string;
  /** the full bucket name, for tooltips and the data table */
  title: string;
  values: Record<string, number>;
};

const W = 600;
const H = 170;
const PAD = { left: 34, right: 6, top: 8, bottom: 22 };

/** 1, 2, 5 × 10ⁿ at or above `n`, so the axis reads in round numbers. */
function niceMax(n: number): number {
  if (n <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 5, 10].find((s) => s * power >= n) ?? 10;
  return step * power;
}

/**
 * Stacked bars drawn as plain SVG (scaled to the card's width). Every bar has a tooltip, and the
 * numbers are also in a table for screen readers, so nothing depends on seeing the colours.
 */
export function BarChart({
  caption,
  series,
  points,
  labelEvery = 1,
}: {
  caption: string;
  series: readonly ChartSeries[];
  points: readonly ChartPoint[];
  labelEvery?: number;
}) {
  const totals = points.map((p) => series.reduce((sum, s) => sum + (p.values[s.key] ?? 0), 0));
  const max = niceMax(Math.max(0, ...totals));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" aria-hidden="true">
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
            <text x={PAD.left - 6} y={y(tick) + 3.5} textAnchor="end" className="fill-slate-500 text-[10px]">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          let base = 0;
          const tip = series.map((s) => `${s.label} ${formatNumber(p.values[s.key] ?? 0)}`).join(", ");
          return (
            <g key={p.title}>
              <title>{`${p.title}: ${tip}`}</title>
              <rect
                x={PAD.left + i * slot}
                y={PAD.top}
                width={slot}
                height={plotH}
                className="fill-transparent"
              />
              {series.map((s) => {
                const v = p.values[s.key] ?? 0;
                const top = y(base + v);
                const height = y(base) - top;
                base += v;
                return v > 0 ? (
                  <rect key={s.key} x={x} y={top} width={barW} height={height} rx={1.5} className={s.fill} />
                ) : null;
              })}
              {i % labelEvery === 0 ? (
                <text x={x + barW / 2} y={H - 6} textAnchor="middle" className="fill-slate-500 text-[10px]">
                  {p.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600">
        {series.map((s) => (
          <span key={s.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-2.5 rounded-sm ${s.swatch}`} />
            {s.label}
          </span>
        ))}
      </figcaption>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.title}>
              <th scope="row">{p.title}</th>
              {series.map((s) => (
                <td key={s.key}>{p.values[s.key] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
