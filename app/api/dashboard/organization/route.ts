import { jsonOk } from "@/lib/api/respond";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { getOrgSettings } from "@/lib/organizations/get-org-settings";
import { orgSettingsBody } from "@/lib/organizations/org-settings-schema";
import { updateOrgSettings } from "@/lib/organizations/update-org-settings";

/** The organization's settings: everyone reads them (the contact form needs the country). */
export const GET = dashboardRoute({ roles: EVERYONE }, async ({ session }) =>
  jsonOk({ settings: await getOrgSettings(session.organizationId) }),
);

/** Owners and admins change them. */
export const PATCH = dashboardRoute({ roles: MANAGERS, body: orgSettingsBody }, async ({ session, body }) =>
  jsonOk({ settings: await updateOrgSettings(session.organizationId, body) }),
);
