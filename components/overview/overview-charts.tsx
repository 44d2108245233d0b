import { formatNumber } from "@/components/lib/format";
import { BarChart, type ChartSeries } from "@/components/overview/bar-chart";
import { ChartCard } from "@/components/overview/chart-card";
import { toChartPoints } from "@/components/overview/chart-points";
import type { OverviewJson } from "@/lib/dashboard/overview-schemas";
import { successRate } from "@/lib/webhooks/delivery-schemas";

const SENT: ChartSeries[] = [
  { key: "ok", label: "Sent", color: "#2563eb" },
  { key: "failed", label: "Failed", color: "#dc2626" },
];
const INBOUND: ChartSeries[] = [{ key: "inbound", label: "Inbound", color: "#0d9488" }];
const DELIVERIES: ChartSeries[] = [
  { key: "succeeded", label: "Succeeded", color: "#16a34a" },
  { key: "failed", label: "Failed", color: "#dc2626" },
  { key: "retrying", label: "Retrying", color: "#f59e0b" },
];

function percent(rate: number | null): string {
  if (rate === null) return "—";
  const value = rate * 100;
  return `${value === 100 || value === 0 ? value.toFixed(0) : value.toFixed(1)}%`;
}

/** The three metrics of the overview for one range. */
export function OverviewCharts({ data }: { data: OverviewJson }) {
  const { range, buckets, totals } = data;
  const rate = successRate(totals.deliveries_succeeded, totals.deliveries_failed, totals.deliveries_retrying);
  return (
    <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3">
      <ChartCard
        title="Messages sent"
        value={formatNumber(totals.sent)}
        detail={`${formatNumber(totals.send_failed)} failed`}
      >
        <BarChart
          caption="Messages sent per period"
          series={SENT}
          points={toChartPoints(range, buckets, (b) => ({
            ok: b.sent - b.send_failed,
            failed: b.send_failed,
          }))}
        />
      </ChartCard>
      <ChartCard
        title="Inbound messages"
        value={formatNumber(totals.inbound)}
        detail="Messages from customers"
      >
        <BarChart
          caption="Inbound messages per period"
          series={INBOUND}
          points={toChartPoints(range, buckets, (b) => ({ inbound: b.inbound }))}
        />
      </ChartCard>
      <ChartCard
        title="Webhook delivery success"
        value={percent(rate)}
        detail={`${formatNumber(totals.deliveries_succeeded)} succeeded · ${formatNumber(totals.deliveries_failed)} failed · ${formatNumber(totals.deliveries_retrying)} retrying (counted as failing until they succeed)`}
      >
        <BarChart
          caption="Webhook deliveries per period"
          series={DELIVERIES}
          points={toChartPoints(range, buckets, (b) => ({
            succeeded: b.deliveries_succeeded,
            failed: b.deliveries_failed,
            retrying: b.deliveries_retrying,
          }))}
        />
      </ChartCard>
    </div>
  );
}
