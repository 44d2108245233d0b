import "#server-only";
import { readUsage } from "@/lib/usage/get-usage";
import { summarizeUsage } from "@/lib/usage/summarize-usage";
import type { UsageOverviewJson, UsageQuery } from "@/lib/usage/usage-schemas";

/** The Usage page: the figures of GET /v1/whatsapp/usage by day, category and channel, from one read. */
export async function getUsageOverview(
  organizationId: string,
  query: Omit<UsageQuery, "group_by">,
): Promise<UsageOverviewJson> {
  const data = await readUsage(organizationId, query);
  return {
    by_day: summarizeUsage(data, "day"),
    by_category: summarizeUsage(data, "category"),
    by_channel: summarizeUsage(data, "channel"),
  };
}
