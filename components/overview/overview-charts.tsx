import Link from "next/link";
import { formatNumber } from "@/components/lib/format";
import { BarChart, type ChartSeries } from "@/components/overview/bar-chart";
import { ChartCard } from "@/components/overview/chart-card";
import { toChartPoints } from "@/components/overview/chart-points";
import { percentOf } from "@/components/overview/overview-words";
import type { OverviewJson } from "@/lib/dashboard/overview-schemas";

const SENT: ChartSeries[] = [
  { key: "ok", label: "Sent", color: "#2563eb" },
  { key: "failed", label: "Failed", color: "#dc2626" },
];
const RECEIVED: ChartSeries[] = [{ key: "inbound", label: "Received", color: "#0d9488" }];

/** The business's messages of one range: sent (with failures and how many arrived) and received. */
export function OverviewCharts({ data }: { data: OverviewJson }) {
  const { range, buckets, totals } = data;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Messages sent"
        value={formatNumber(totals.sent)}
        detail={
          <>
            {totals.send_failed > 0 ? (
              <Link href="#failures" className="font-medium text-red-800 underline">
                {formatNumber(totals.send_failed)} failed
              </Link>
            ) : (
              "None failed"
            )}
            {totals.held > 0 ? ` · ${formatNumber(totals.held)} held by WhatsApp for a quality check` : ""}
            {totals.paused > 0
              ? ` · ${formatNumber(totals.paused)} paused by WhatsApp (template paused)`
              : ""}
            {` · ${percentOf(totals.delivered, totals.sent)} delivered · ${percentOf(totals.read, totals.sent)} read`}
          </>
        }
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
        title="Messages received"
        value={formatNumber(totals.inbound)}
        detail="Messages from customers"
      >
        <BarChart
          caption="Messages received per period"
          series={RECEIVED}
          points={toChartPoints(range, buckets, (b) => ({ inbound: b.inbound }))}
        />
      </ChartCard>
    </div>
  );
}
