import { formatMicros } from "@/lib/usage/money";
import type { Cell } from "@/lib/usage/repository";
import { daysOf } from "@/lib/usage/usage-range";
import type { UsageGroup, UsageJson, UsageRowJson } from "@/lib/usage/usage-schemas";

/** What one read of the rollup gives: its cells and what prices and names them. */
export type UsageData = {
  range: { from: string; to: string; days: number };
  cells: Cell[];
  currency: string;
  /** a rate card exists */
  priced: boolean;
  channelNames: Map<string, string>;
};

type Acc = {
  label: string;
  messages: number;
  billable: number;
  /** billable messages no rate priced */
  unpriced: number;
  cost: bigint;
  byCategory: Map<string, { messages: number; billable: number }>;
};

const NO_CHANNEL = "00000000-0000-0000-0000-000000000000";

function acc(label: string): Acc {
  return { label, messages: 0, billable: 0, unpriced: 0, cost: 0n, byCategory: new Map() };
}

function add(a: Acc, cell: Cell): void {
  const messages = Number(cell.messages);
  const billable = Number(cell.billable ?? 0n);
  a.messages += messages;
  a.billable += billable;
  a.unpriced += Number(cell.unpriced);
  a.cost += cell.cost_micros ?? 0n;
  const c = a.byCategory.get(cell.category) ?? { messages: 0, billable: 0 };
  c.messages += messages;
  c.billable += billable;
  a.byCategory.set(cell.category, c);
}

function keyOf(cell: Cell, groupBy: UsageGroup): string {
  return groupBy === "day" ? cell.day : groupBy === "category" ? cell.category : cell.channel_id;
}

function labelOf(key: string, groupBy: UsageGroup, names: Map<string, string>): string {
  if (groupBy !== "channel") return key;
  if (key === NO_CHANNEL) return "(no channel)";
  return names.get(key) ?? "(deleted channel)";
}

/**
 * The rollup's cells of a range as one grouping: a row per day (every day of the range, empty
 * ones too, oldest first), per pricing category or per channel (most messages first), each with
 * billable, free, its categories and, with a rate card, the exact estimated cost. Pure.
 */
export function summarizeUsage(data: UsageData, groupBy: UsageGroup): UsageJson {
  const rows = new Map<string, Acc>();
  if (groupBy === "day") for (const d of daysOf(data.range.from, data.range.days)) rows.set(d, acc(d));
  const total = acc("total");
  for (const cell of data.cells) {
    const key = keyOf(cell, groupBy);
    const row = rows.get(key) ?? acc(labelOf(key, groupBy, data.channelNames));
    rows.set(key, row);
    add(row, cell);
    add(total, cell);
  }
  // null without a rate card, or when no rate priced any of the billable messages (not "0.00")
  const cost = (a: Acc) =>
    !data.priced || (a.billable > 0 && a.unpriced === a.billable) ? null : formatMicros(a.cost);
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
    groupBy === "day" ? x.localeCompare(y) : b.messages - a.messages || x.localeCompare(y),
  );
  return {
    from: data.range.from,
    to: data.range.to,
    group_by: groupBy,
    currency: data.currency,
    unpriced_billable: data.priced ? total.unpriced : 0,
    totals: {
      messages: total.messages,
      billable: total.billable,
      free: total.messages - total.billable,
      estimated_cost: cost(total),
    },
    rows: ordered.map(toRow),
  };
}
