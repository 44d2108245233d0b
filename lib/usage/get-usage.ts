import "#server-only";
import { listChannelNames } from "@/lib/channels/repository";
import { countRates, usageCells, usageCurrency } from "@/lib/usage/repository";
import { summarizeUsage, type UsageData } from "@/lib/usage/summarize-usage";
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
  const [cells, currency, channels, rates] = await Promise.all([
    usageCells(organizationId, range, query.channel_id),
    usageCurrency(organizationId),
    listChannelNames(organizationId),
    countRates(organizationId),
  ]);
  return {
    range,
    cells,
    currency,
    priced: rates > 0,
    channelNames: new Map(channels.map((c) => [c.id, c.name])),
  };
}

/** GET /v1/whatsapp/usage: one grouping (day, category or channel) of a range. */
export async function getUsage(organizationId: string, query: UsageQuery): Promise<UsageJson> {
  return summarizeUsage(await readUsage(organizationId, query), query.group_by);
}
