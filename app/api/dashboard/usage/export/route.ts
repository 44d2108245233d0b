import { MANAGERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { exportUsage } from "@/lib/usage/export-usage";
import { usagePageQuery } from "@/lib/usage/usage-schemas";

/** The Usage page's range as CSV: one line per day and pricing category. */
export const GET = dashboardRoute({ roles: MANAGERS, query: usagePageQuery }, async ({ session, query }) => {
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
