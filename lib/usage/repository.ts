import "#server-only";
import { db, rawQuery } from "@/lib/db";
import { Prisma, type UsageRate } from "@/lib/generated/prisma/client.ts";

/**
 * The `usage_daily` rollup's reads and the `usage_rates` rate card (docs/architecture.md
 * "Repositories"): every function takes the organization first and reads and writes only its
 * rows. The rollup is written by a trigger on messages and compacted across organizations by
 * the sweeper (lib/usage/compact-usage.ts, a listed exception).
 */

/** One day, channel and pricing category of the rollup, with its billable count and cost. */
export type Cell = {
  day: string;
  channel_id: string;
  category: string;
  messages: bigint;
  billable: bigint | null;
  cost_micros: bigint | null;
  unpriced: bigint;
};

/**
 * The usage_daily counters of a range, summed per day, channel and category (slots, countries
 * and pricing types folded), billable ones priced with the rate card: the category's price for
 * the recipient's country, else its `*` price. One range read of the primary key.
 */
export function usageCells(
  organizationId: string,
  range: { from: string; to: string },
  channelId?: string,
): Promise<Cell[]> {
  const channelFilter = channelId ? Prisma.sql`AND channel_id = ${channelId}::uuid` : Prisma.empty;
  return rawQuery<Cell[]>`
    WITH u AS (
      -- slots and pricing types folded first: the rate card is read once per country, not per counter
      SELECT day, channel_id, category, billable, country, sum(count)::bigint AS n
      FROM usage_daily
      WHERE organization_id = ${organizationId}::uuid
        AND day BETWEEN ${range.from}::date AND ${range.to}::date ${channelFilter}
      GROUP BY 1, 2, 3, 4, 5
    )
    SELECT to_char(u.day, 'YYYY-MM-DD') AS day, u.channel_id::text AS channel_id, u.category,
           sum(u.n)::bigint AS messages,
           (sum(u.n) FILTER (WHERE u.billable))::bigint AS billable,
           (sum(u.n * coalesce(exact.price_micros, fallback.price_micros)) FILTER (WHERE u.billable))::bigint AS cost_micros,
           coalesce(sum(u.n) FILTER (WHERE u.billable AND exact.price_micros IS NULL AND fallback.price_micros IS NULL), 0)::bigint AS unpriced
    FROM u
    LEFT JOIN usage_rates exact ON exact.organization_id = ${organizationId}::uuid
      AND exact.category = u.category AND exact.country = u.country AND u.country <> ''
    LEFT JOIN usage_rates fallback ON fallback.organization_id = ${organizationId}::uuid
      AND fallback.category = u.category AND fallback.country = '*'
    GROUP BY u.day, u.channel_id, u.category
    HAVING sum(u.n) <> 0`;
}

/** The currency the organization's rate card is in (USD until an owner sets one). */
export async function usageCurrency(organizationId: string): Promise<string> {
  const org = await db().organization.findUnique({
    where: { id: organizationId },
    select: { usageCurrency: true },
  });
  return org?.usageCurrency ?? "USD";
}

/** How many prices the organization's rate card holds (none: its usage is not priced). */
export function countRates(organizationId: string): Promise<number> {
  return db().usageRate.count({ where: { organizationId } });
}

export function listRates(organizationId: string): Promise<UsageRate[]> {
  return db().usageRate.findMany({
    where: { organizationId },
    orderBy: [{ category: "asc" }, { country: "asc" }],
  });
}

/**
 * Replaces the organization's rate card and its currency in one transaction, so that usage is
 * never priced with half a card. An empty list removes it.
 */
export async function replaceRates(
  organizationId: string,
  currency: string,
  rates: { category: string; country: string; priceMicros: bigint }[],
): Promise<void> {
  await db().$transaction([
    db().organization.update({ where: { id: organizationId }, data: { usageCurrency: currency } }),
    db().usageRate.deleteMany({ where: { organizationId } }),
    db().usageRate.createMany({ data: rates.map((r) => ({ ...r, organizationId })) }),
  ]);
}
