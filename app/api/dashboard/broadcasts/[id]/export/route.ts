import { create as contentDisposition } from "content-disposition";
import { ApiError } from "@/lib/api/errors";
import { BROADCAST_DASHBOARD } from "@/lib/broadcasts/dashboard-endpoints";
import { exportRecipients } from "@/lib/broadcasts/export-recipients";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(BROADCAST_DASHBOARD.exportRecipients, async ({ session, params }) => {
  const exported = await exportRecipients(session.organizationId, params.id);
  if (!exported) throw new ApiError("RESOURCE_NOT_FOUND", "No such broadcast.", { field: "id" });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exported.stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(`broadcast-${exported.name}-${day}.csv`),
      "Cache-Control": "no-store",
      "X-Recipient-Count": String(exported.total),
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
