import { ApiError } from "@/lib/api/errors";
import { controlBroadcast } from "@/lib/broadcasts/control-broadcast";
import { BROADCAST_DASHBOARD } from "@/lib/broadcasts/dashboard-endpoints";
import { retryFailed } from "@/lib/broadcasts/retry-failed";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

/** With the API's rules (409 when it does not apply); an unknown action is a 404. */
export const POST = dashboardEndpoint(BROADCAST_DASHBOARD.controlBroadcast, async ({ session, params }) => {
  const org = session.organizationId;
  switch (params.action) {
    case "pause":
    case "resume":
    case "cancel":
      return { broadcast: await controlBroadcast(org, params.id, params.action) };
    case "retry":
      return retryFailed(org, params.id);
    default:
      throw new ApiError("RESOURCE_NOT_FOUND", "No such operation.", { field: "action" });
  }
});

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
