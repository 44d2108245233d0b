import "#server-only";
import { csvLines } from "@/lib/csv/write-csv";
import { formatMicros } from "@/lib/usage/money";
import { countRates, usageCells, usageCurrency } from "@/lib/usage/repository";
import { usageRange } from "@/lib/usage/usage-range";
import type { UsageQuery } from "@/lib/usage/usage-schemas";

/**
 * The Usage page's CSV: one line per day and pricing category (channels folded, or the one
 * chosen) with messages, billable, free and the estimated cost: the figures of the page and of
 * GET /v1/whatsapp/usage.
 */
export async function exportUsage(
  organizationId: string,
  query: Omit<UsageQuery, "group_by">,
): Promise<string> {
  const range = usageRange(query.from, query.to);
  const [cells, currency, priced] = await Promise.all([
    usageCells(organizationId, range, query.channel_id),
    usageCurrency(organizationId),
    countRates(organizationId),
  ]);
  const lines = new Map<
    string,
    { day: string; category: string; messages: bigint; billable: bigint; cost: bigint }
  >();
  for (const c of cells) {
    const key = `${c.day}/${c.category}`;
    const line = lines.get(key) ?? { day: c.day, category: c.category, messages: 0n, billable: 0n, cost: 0n };
    line.messages += c.messages;
    line.billable += c.billable ?? 0n;
    line.cost += c.cost_micros ?? 0n;
    lines.set(key, line);
  }
  const header = ["day", "category", "messages", "billable", "free", "estimated_cost", "currency"];
  const rows = [...lines.values()]
    .sort((a, b) => a.day.localeCompare(b.day) || a.category.localeCompare(b.category))
    .map((l) => [
      l.day,
      l.category,
      String(l.messages),
      String(l.billable),
      String(l.messages - l.billable),
      priced > 0 ? formatMicros(l.cost) : "",
      priced > 0 ? currency : "",
    ]);
  return csvLines([header, ...rows]);
}
