"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatNumber } from "@/components/lib/format";
import type { BroadcastCountsJson } from "@/lib/broadcasts/schemas";

/** Sent → delivered → read → replied, as bars (Recharts); the numbers are also said in words. */
export function FunnelChart({ counts }: { counts: BroadcastCountsJson }) {
  const data = [
    { stage: "Sent", value: counts.sent },
    { stage: "Delivered", value: counts.delivered },
    { stage: "Read", value: counts.read },
    { stage: "Replied", value: counts.replied },
  ];
  const words = data.map((d) => `${d.stage} ${formatNumber(d.value)}`).join(", ");
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 text-sm font-semibold text-slate-900">Funnel</figcaption>
      <p className="sr-only">{words}</p>
      <div className="h-56" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 48, bottom: 4, left: 8 }}
          >
            <CartesianGrid horizontal={false} stroke="#e2e8f0" />
            <XAxis type="number" allowDecimals={false} tick={{ fill: "#334155", fontSize: 12 }} />
            <YAxis type="category" dataKey="stage" width={72} tick={{ fill: "#334155", fontSize: 12 }} />
            <Tooltip formatter={(v) => formatNumber(Number(v))} cursor={{ fill: "#f1f5f9" }} />
            <Bar dataKey="value" fill="#2563eb" radius={[0, 4, 4, 0]} isAnimationActive={false}>
              <LabelList
                dataKey="value"
                position="right"
                fill="#0f172a"
                fontSize={12}
                formatter={(v) => formatNumber(Number(v))}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
