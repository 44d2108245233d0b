"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "@/components/lib/format";
import { categoriesOf, categoryColour, categoryLabel } from "@/components/lib/pricing-category-style";
import type { UsageRowJson } from "@/lib/usage/usage-schemas";

const day = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * Messages per day, stacked by pricing category (Recharts). The same numbers are in the table
 * under it, so nothing depends on seeing the colours; the chart itself is hidden from screen readers.
 */
export function UsageChart({ rows }: { rows: UsageRowJson[] }) {
  const categories = categoriesOf(rows);
  const data = rows.map((r) => ({
    day: day.format(new Date(`${r.key}T00:00:00Z`)),
    ...Object.fromEntries(categories.map((c) => [c, r.by_category[c]?.messages ?? 0])),
  }));
  return (
    <div aria-hidden="true" className="h-72 w-full" data-testid="usage-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          // the table under the chart is its accessible form; no focus stop inside a hidden chart
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tick={{ fontSize: 12, fill: "#475569" }} minTickGap={16} />
          <YAxis
            allowDecimals={false}
            width={48}
            tick={{ fontSize: 12, fill: "#475569" }}
            tickFormatter={formatNumber}
          />
          <Tooltip formatter={(value, name) => [formatNumber(Number(value)), categoryLabel(String(name))]} />
          <Legend formatter={(value) => categoryLabel(String(value))} wrapperStyle={{ fontSize: 12 }} />
          {categories.map((c, i) => (
            <Bar
              key={c}
              dataKey={c}
              stackId="messages"
              fill={categoryColour(c, i)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
