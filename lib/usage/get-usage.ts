import "#server-only";
import { db } from "@/lib/db";
import { summarizeUsage, type UsageData } from "@/lib/usage/summarize-usage";
import { usageCells } from "@/lib/usage/usage-cells";
import { usageRange } from "@/lib/usage/usage-range";
import type { UsageJson, UsageQuery } from "@/lib/usage/usage-schemas";

/**
 * Reads a range of the usage_daily rollup (a trigger on messages keeps it; migration
 * usernames_usage): one indexed range read of at most a few counters per day, whatever the
 * number of messages, priced with the owner's rate card (the category's price for the
 * recipient's country, else its `*` price), with the organization's currency and channel names.
 */
export async function readUsage(
  organizationId: string,
  query: Pick<UsageQuery, "from" | "to" | "channel_id">,
): Promise<UsageData> {
  const range = usageRange(query.from, query.to);
  const [cells, org, channels, rates] = await Promise.all([
    usageCells(organizationId, range, query.channel_id),
    db().organization.findUnique({ where: { id: organizationId }, select: { usageCurrency: true } }),
    db().channel.findMany({ where: { organizationId }, select: { id: true, name: true } }),
    db().usageRate.count({ where: { organizationId } }),
  ]);
  return {
    range,
    cells,
    currency: org?.usageCurrency ?? "USD",
    priced: rates > 0,
    channelNames: new Map(channels.map((c) => [c.id, c.name])),
  };
}

/** GET /v1/whatsapp/usage: one grouping (day, category or channel) of a range. */
export async function getUsage(organizationId: string, query: UsageQuery): Promise<UsageJson> {
  return summarizeUsage(await readUsage(organizationId, query), query.group_by);
}
