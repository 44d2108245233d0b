import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { controlThread } from "@/lib/conversations/thread-control";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONVERSATION_DASHBOARD.release, async ({ session, params }) =>
  controlThread(session.organizationId, params.id, "release"),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
