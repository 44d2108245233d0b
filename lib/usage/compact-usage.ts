import "#server-only";
import { rawExecute, rawQuery } from "@/lib/db";

/**
 * Folds the 8 slots of every finished UTC day of usage_daily into slot 0 (and drops counters at
 * zero). Slots only spread the row locks of a day still receiving statuses; once it is over they
 * would make every Usage read 8 times longer. A late status of an old message writes its slot
 * again (an increment, or a -1 when its pricing moves), and the next run folds it too. One
 * statement; the maintenance queue runs it hourly.
 */
export async function compactUsage(): Promise<{ folded: number }> {
  const [row] = await rawQuery<{ folded: number }[]>`
    WITH moved AS (
      DELETE FROM usage_daily
      WHERE slot <> 0 AND day < (now() AT TIME ZONE 'UTC')::date
      RETURNING organization_id, day, channel_id, category, billable, pricing_type, country, count
    ), summed AS (
      SELECT organization_id, day, channel_id, category, billable, pricing_type, country, sum(count)::bigint AS count
      FROM moved GROUP BY 1, 2, 3, 4, 5, 6, 7
    ), folded AS (
      INSERT INTO usage_daily AS u (organization_id, day, channel_id, category, billable, pricing_type, country, slot, count)
      SELECT organization_id, day, channel_id, category, billable, pricing_type, country, 0, count FROM summed
      ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (organization_id, day, channel_id, category, billable, pricing_type, country, slot)
      DO UPDATE SET count = u.count + EXCLUDED.count
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM moved)::int AS folded`;
  await rawExecute`DELETE FROM usage_daily WHERE count = 0 AND day < (now() AT TIME ZONE 'UTC')::date`;
  return { folded: row?.folded ?? 0 };
}
