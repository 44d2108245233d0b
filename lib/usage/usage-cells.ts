import "#server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

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
  const channelFilter = channelId ? Prisma.sql`AND u.channel_id = ${channelId}::uuid` : Prisma.empty;
  return db().$queryRaw<Cell[]>`
    SELECT to_char(u.day, 'YYYY-MM-DD') AS day, u.channel_id::text AS channel_id, u.category,
           sum(u.count)::bigint AS messages,
           (sum(u.count) FILTER (WHERE u.billable))::bigint AS billable,
           (sum(u.count * coalesce(exact.price_micros, fallback.price_micros)) FILTER (WHERE u.billable))::bigint AS cost_micros,
           coalesce(sum(u.count) FILTER (WHERE u.billable AND exact.price_micros IS NULL AND fallback.price_micros IS NULL), 0)::bigint AS unpriced
    FROM usage_daily u
    LEFT JOIN usage_rates exact ON exact.organization_id = u.organization_id
      AND exact.category = u.category AND exact.country = u.country AND u.country <> ''
    LEFT JOIN usage_rates fallback ON fallback.organization_id = u.organization_id
      AND fallback.category = u.category AND fallback.country = '*'
    WHERE u.organization_id = ${organizationId}::uuid
      AND u.day BETWEEN ${range.from}::date AND ${range.to}::date ${channelFilter}
    GROUP BY u.day, u.channel_id, u.category`;
}
