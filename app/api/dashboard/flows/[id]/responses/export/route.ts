import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { FLOW_DASHBOARD } from "@/lib/flows/dashboard-endpoints";
import { exportFlowResponses } from "@/lib/flows/export-flow-responses";

/** X-Flow-Response-Count feeds the export button's progress bar (components/contacts/export-button.tsx). */
export const GET = dashboardEndpoint(
  FLOW_DASHBOARD.exportFlowResponses,
  async ({ session, params, query }) => {
    const { csv, total, flowName } = await exportFlowResponses(session.organizationId, params.id, query);
    const name = `flow-${flowName}-${query.from ?? "start"}-${query.to ?? "today"}.csv`.replace(
      /[^\w.-]/g,
      "",
    );
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
        "X-Flow-Response-Count": String(total),
      },
    });
  },
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
