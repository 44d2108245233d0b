import { ApiError } from "@/lib/api/errors";
import { broadcastDetail } from "@/lib/broadcasts/broadcast-detail";
import { BROADCAST_DASHBOARD } from "@/lib/broadcasts/dashboard-endpoints";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(BROADCAST_DASHBOARD.getBroadcast, async ({ session, params }) => {
  const detail = await broadcastDetail(session.organizationId, params.id);
  if (!detail) throw new ApiError("RESOURCE_NOT_FOUND", "No such broadcast.", { field: "id" });
  return detail;
});

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
