import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { controlThread } from "@/lib/conversations/thread-control";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONVERSATION_DASHBOARD.take, async ({ session, params }) =>
  controlThread(session.organizationId, params.id, "take"),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
