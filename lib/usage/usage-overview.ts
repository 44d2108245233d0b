import "#server-only";
import { getUsage } from "@/lib/usage/get-usage";
import type { UsageOverviewJson, UsageQuery } from "@/lib/usage/usage-schemas";

/** The Usage page: the same figures as GET /v1/whatsapp/usage, by day, category and channel at once. */
export async function getUsageOverview(
  organizationId: string,
  query: Omit<UsageQuery, "group_by">,
): Promise<UsageOverviewJson> {
  const [by_day, by_category, by_channel] = await Promise.all(
    (["day", "category", "channel"] as const).map((group_by) =>
      getUsage(organizationId, { ...query, group_by }),
    ),
  );
  return { by_day, by_category, by_channel } as UsageOverviewJson;
}
