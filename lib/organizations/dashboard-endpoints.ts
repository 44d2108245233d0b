import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import { type OrgSettingsJson, orgSettingsBody } from "@/lib/organizations/org-settings-schema";

/** The organization's settings (app/api/dashboard/organization). */
export const ORGANIZATION_DASHBOARD = declareDashboardEndpoints({
  /** everyone reads them (the contact form needs the country) */
  getSettings: {
    method: "GET",
    path: "/api/dashboard/organization",
    roles: EVERYONE,
    answer: answer<{ settings: OrgSettingsJson }>(),
    status: 200,
  },
  /** owners and admins change them */
  updateSettings: {
    method: "PATCH",
    path: "/api/dashboard/organization",
    roles: MANAGERS,
    body: orgSettingsBody,
    answer: answer<{ settings: OrgSettingsJson }>(),
    status: 200,
  },
});
