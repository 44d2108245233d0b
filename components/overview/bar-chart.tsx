import { formatNumber } from "@/components/lib/format";

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

// the plot's own coordinates; it stretches to the card (preserveAspectRatio="none"), so every
// text is HTML around it and keeps its real size (SVG text scaled with a 600-unit-wide plot
// was ~6 px tall on a 300 px card)
const W = 600;
const H = 150;

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
  const slot = W / Math.max(1, points.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => H - (v / max) * H;
  return (
    <figure>
      <div className="flex gap-2">
        <div
          data-chart-axis
          aria-hidden="true"
          className="relative h-36 w-8 shrink-0 text-right text-xs text-slate-600 tabular-nums"
        >
          <span className="absolute top-0 right-0 -translate-y-1/2 leading-none">{formatNumber(max)}</span>
          <span className="absolute top-1/2 right-0 -translate-y-1/2 leading-none">
            {formatNumber(max / 2)}
          </span>
          <span className="absolute right-0 bottom-0 translate-y-1/2 leading-none">0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="block h-36 w-full overflow-visible"
            aria-hidden="true"
          >
            {[0, max / 2, max].map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={W}
                y1={y(tick)}
                y2={y(tick)}
                vectorEffect="non-scaling-stroke"
                className="stroke-slate-200"
              />
            ))}
            {points.map((p, i) => {
              const x = i * slot + (slot - barW) / 2;
              let base = 0;
              const tip = series.map((s) => `${s.label} ${formatNumber(p.values[s.key] ?? 0)}`).join(", ");
              return (
                <g key={p.title}>
                  <title>{`${p.title}: ${tip}`}</title>
                  <rect x={i * slot} y={0} width={slot} height={H} className="fill-transparent" />
                  {series.map((s) => {
                    const v = p.values[s.key] ?? 0;
                    const top = y(base + v);
                    const height = y(base) - top;
                    base += v;
                    return v > 0 ? (
                      <rect key={s.key} x={x} y={top} width={barW} height={height} className={s.fill} />
                    ) : null;
                  })}
                </g>
              );
            })}
          </svg>
          <div data-chart-axis aria-hidden="true" className="mt-1.5 flex text-xs text-slate-600">
            {points.map((p, i) => (
              <span key={p.title} className="flex min-w-0 flex-1 justify-center">
                {i % labelEvery === 0 ? <span className="whitespace-nowrap">{p.label}</span> : null}
              </span>
            ))}
          </div>
        </div>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600">
        {series.map((s) => (
          <span key={s.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-2.5 rounded-sm ${s.swatch}`} />
            {s.label}
          </span>
        ))}
      </figcaption>
      {/* a table ignores the width of .sr-only and would widen the page: the div clips it */}
      <div className="sr-only">
        <table>
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
      </div>
    </figure>
  );
}
