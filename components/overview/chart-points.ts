import type { ChartPoint } from "@/components/overview/bar-chart";
import type { OverviewRange } from "@/lib/dashboard/overview-schemas";

const hour = new Intl.DateTimeFormat(undefined, { hour: "numeric" });
const hourTitle = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
});
const day = new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric" });
const dayTitle = new Intl.DateTimeFormat(undefined, { weekday: "long", month: "long", day: "numeric" });

/** Buckets → chart points with axis labels in the viewer's locale (hours for 24 h, days for 7 days). */
export function toChartPoints<B extends { start: string }>(
  range: OverviewRange,
  buckets: readonly B[],
  pick: (b: B) => Record<string, number>,
): ChartPoint[] {
  return buckets.map((b) => {
    const start = new Date(b.start);
    const hourly = range === "24h";
    return {
      label: hourly ? hour.format(start) : day.format(start),
      title: hourly ? `${hourTitle.format(start)} (1 hour)` : dayTitle.format(start),
      values: pick(b),
    };
  });
}
