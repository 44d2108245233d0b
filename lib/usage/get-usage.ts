import "#server-only";
import { db } from "@/lib/db";
import { formatMicros } from "@/lib/usage/money";
import { type Cell, usageCells } from "@/lib/usage/usage-cells";
import { daysOf, usageRange } from "@/lib/usage/usage-range";
import type { UsageJson, UsageQuery, UsageRowJson } from "@/lib/usage/usage-schemas";

type Acc = {
  label: string;
  messages: number;
  billable: number;
  cost: bigint;
  byCategory: Map<string, { messages: number; billable: number }>;
};

const NO_CHANNEL = "00000000-0000-0000-0000-000000000000";

/**
 * Usage of one organization over a range of UTC days, from the usage_daily rollup (a trigger on
 * messages keeps it; migration usernames_usage): one indexed range read of at most a few
 * thousand counters, whatever the number of messages. Billable messages are priced with the
 * owner's rate card (a price for the category and recipient country, else for the category and
 * `*`); the sums are exact (millionths). Rows are grouped by day (every day of the range, empty
 * ones too), pricing category or channel.
 */
export async function getUsage(organizationId: string, query: UsageQuery): Promise<UsageJson> {
  const range = usageRange(query.from, query.to);
  const [cells, org, channels, priced] = await Promise.all([
    usageCells(organizationId, range, query.channel_id),
    db().organization.findUnique({ where: { id: organizationId }, select: { usageCurrency: true } }),
    db().channel.findMany({ where: { organizationId }, select: { id: true, name: true } }),
    db().usageRate.count({ where: { organizationId } }),
  ]);
  const names = new Map(channels.map((c) => [c.id, c.name]));
  const rows = new Map<string, Acc>();
  if (query.group_by === "day") for (const d of daysOf(range.from, range.days)) rows.set(d, acc(d));
  const total = acc("total");
  let unpriced = 0;
  for (const cell of cells) {
    const key =
      query.group_by === "day" ? cell.day : query.group_by === "category" ? cell.category : cell.channel_id;
    const label =
      query.group_by === "channel"
        ? cell.channel_id === NO_CHANNEL
          ? "(no channel)"
          : (names.get(key) ?? "(deleted channel)")
        : key;
    const row = rows.get(key) ?? acc(label);
    rows.set(key, row);
    add(row, cell);
    add(total, cell);
    unpriced += Number(cell.unpriced);
  }
  const cost = (a: Acc) => (priced > 0 ? formatMicros(a.cost) : null);
  const toRow = ([key, a]: [string, Acc]): UsageRowJson => ({
    key,
    label: a.label,
    messages: a.messages,
    billable: a.billable,
    free: a.messages - a.billable,
    estimated_cost: cost(a),
    by_category: Object.fromEntries([...a.byCategory.entries()].sort(([x], [y]) => x.localeCompare(y))),
  });
  const ordered = [...rows.entries()].sort(([x, a], [y, b]) =>
    query.group_by === "day" ? x.localeCompare(y) : b.messages - a.messages || x.localeCompare(y),
  );
  return {
    from: range.from,
    to: range.to,
    group_by: query.group_by,
    currency: org?.usageCurrency ?? "USD",
    unpriced_billable: priced > 0 ? unpriced : 0,
    totals: {
      messages: total.messages,
      billable: total.billable,
      free: total.messages - total.billable,
      estimated_cost: cost(total),
    },
    rows: ordered.map(toRow),
  };
}

function acc(label: string): Acc {
  return { label, messages: 0, billable: 0, cost: 0n, byCategory: new Map() };
}

function add(a: Acc, cell: Cell): void {
  const messages = Number(cell.messages);
  const billable = Number(cell.billable ?? 0n);
  a.messages += messages;
  a.billable += billable;
  a.cost += cell.cost_micros ?? 0n;
  const c = a.byCategory.get(cell.category) ?? { messages: 0, billable: 0 };
  c.messages += messages;
  c.billable += billable;
  a.byCategory.set(cell.category, c);
}
