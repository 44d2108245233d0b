import { ApiError } from "@/lib/api/errors";
import { hasRole } from "@/lib/auth/roles";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { importContacts } from "@/lib/contacts/import-contacts";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONTACT_DASHBOARD.importContacts, async ({ session, body }) => {
  // updating existing contacts takes the right to edit them too (the import's own roles aside)
  if (body.existing !== "skip" && !hasRole(session.role, CONTACT_DASHBOARD.updateContact.roles)) {
    throw new ApiError("AUTH_FORBIDDEN", "Your role does not allow updating contacts.");
  }
  return importContacts(session.organizationId, session.userId, body.existing, body.rows);
});

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
