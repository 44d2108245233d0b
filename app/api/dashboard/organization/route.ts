import { jsonOk } from "@/lib/api/respond";
import { getOrgSettings } from "@/lib/dashboard/get-org-settings";
import { orgSettingsBody } from "@/lib/dashboard/org-settings-schema";
import { EVERYONE, MANAGERS } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { updateOrgSettings } from "@/lib/dashboard/update-org-settings";

/** The organization's settings: everyone reads them (the contact form needs the country). */
export const GET = dashboardRoute({ roles: EVERYONE }, async ({ session }) =>
  jsonOk({ settings: await getOrgSettings(session.organizationId) }),
);

/** Owners and admins change them. */
export const PATCH = dashboardRoute({ roles: MANAGERS, body: orgSettingsBody }, async ({ session, body }) =>
  jsonOk({ settings: await updateOrgSettings(session.organizationId, body) }),
);
