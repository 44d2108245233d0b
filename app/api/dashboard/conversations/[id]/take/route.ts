import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { controlThread } from "@/lib/conversations/thread-control";
import { dashboardEndpoint } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONVERSATION_DASHBOARD.take, async ({ session, params }) =>
  controlThread(session.organizationId, params.id, "take"),
);
