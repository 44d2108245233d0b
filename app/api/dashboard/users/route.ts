import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { listStaff } from "@/lib/users/repository";

export const GET = dashboardEndpoint(CONVERSATION_DASHBOARD.listStaff, async ({ session }) => ({
  users: await listStaff(session.organizationId),
}));

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
