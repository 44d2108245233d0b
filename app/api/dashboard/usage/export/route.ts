import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { USAGE_DASHBOARD } from "@/lib/usage/dashboard-endpoints";
import { exportUsage } from "@/lib/usage/export-usage";

export const GET = dashboardEndpoint(USAGE_DASHBOARD.exportUsage, async ({ session, query }) => {
  const csv = await exportUsage(session.organizationId, query);
  const name = `usage-${query.from ?? "start"}-${query.to ?? "today"}.csv`.replace(/[^\w.-]/g, "");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
