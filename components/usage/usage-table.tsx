"use client";

import { formatNumber } from "@/components/lib/format";
import { categoryLabel } from "@/components/lib/pricing-category-style";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { UsageRowJson } from "@/lib/usage/usage-schemas";

const day = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Marketing 2 · Service 1" */
function breakdown(row: UsageRowJson): string {
  const parts = Object.entries(row.by_category).map(
    ([c, v]) => `${categoryLabel(c)} ${formatNumber(v.messages)}`,
  );
  return parts.length > 0 ? parts.join(" · ") : "—";
}

/**
 * One usage grouping as a table (a card per row on a phone): by day (newest first), category or
 * channel, with billable and free messages and the estimated cost when a rate card exists.
 */
export function UsageTable({
  caption,
  keyLabel,
  rows,
  currency,
  priced,
  kind,
}: {
  caption: string;
  keyLabel: string;
  rows: UsageRowJson[];
  currency: string;
  priced: boolean;
  kind: "day" | "category" | "channel";
}) {
  // days without messages are in the chart; the table lists the days that had some
  const shown = kind === "day" ? [...rows].reverse().filter((r) => r.messages > 0) : rows;
  if (shown.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white px-4 py-6 text-sm text-slate-600">
        No priced messages in this range.
      </p>
    );
  }
  return (
    <Table caption={caption}>
      <THead>
        <tr>
          <Th>{keyLabel}</Th>
          <Th className="text-right">Messages</Th>
          <Th className="text-right">Billable</Th>
          <Th className="text-right">Free</Th>
          {kind === "category" ? null : <Th>By category</Th>}
          {priced ? <Th className="text-right">Estimated cost</Th> : null}
        </tr>
      </THead>
      <TBody>
        {shown.map((r) => (
          <Tr key={r.key} className={r.messages === 0 ? "text-slate-500" : undefined}>
            <Td className="font-medium whitespace-nowrap">
              {kind === "day"
                ? day.format(new Date(`${r.key}T00:00:00Z`))
                : kind === "category"
                  ? categoryLabel(r.label)
                  : r.label}
            </Td>
            <Td label="Messages" className="text-right tabular-nums">
              {formatNumber(r.messages)}
            </Td>
            <Td label="Billable" className="text-right tabular-nums">
              {formatNumber(r.billable)}
            </Td>
            <Td label="Free" className="text-right tabular-nums">
              {formatNumber(r.free)}
            </Td>
            {kind === "category" ? null : (
              <Td label="By category" className="text-slate-600">
                {breakdown(r)}
              </Td>
            )}
            {priced ? (
              <Td label="Estimated cost" className="text-right whitespace-nowrap tabular-nums">
                {r.estimated_cost === null ? "—" : `${r.estimated_cost} ${currency}`}
              </Td>
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
