import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { ORGANIZATION_DASHBOARD } from "@/lib/organizations/dashboard-endpoints";
import { getOrgSettings } from "@/lib/organizations/get-org-settings";
import { updateOrgSettings } from "@/lib/organizations/update-org-settings";

export const GET = dashboardEndpoint(ORGANIZATION_DASHBOARD.getSettings, async ({ session }) => ({
  settings: await getOrgSettings(session.organizationId),
}));

export const PATCH = dashboardEndpoint(ORGANIZATION_DASHBOARD.updateSettings, async ({ session, body }) => ({
  settings: await updateOrgSettings(session.organizationId, body),
}));

export const { POST, PUT, DELETE } = dashboardMethodNotAllowed(["GET", "PATCH"]);
