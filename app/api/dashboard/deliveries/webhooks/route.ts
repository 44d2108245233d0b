import { dashboardEndpoint } from "@/lib/dashboard/route";
import { db } from "@/lib/db";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";

/** The organization's webhooks by name, for the deliveries filter (bounded: an organization has a few dozen at most). */
export const GET = dashboardEndpoint(WEBHOOK_DASHBOARD.listDeliveryWebhooks, async ({ session }) => ({
  webhooks: await db().webhook.findMany({
    where: { organizationId: session.organizationId },
    select: { id: true, name: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 500,
  }),
}));
