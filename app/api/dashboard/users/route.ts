import { jsonOk } from "@/lib/api/respond";
import { listStaff } from "@/lib/dashboard/list-staff";
import { EVERYONE } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

/** The organization's staff (name, e-mail, role): the assignee picker of conversations. */
export const GET = dashboardRoute({ roles: EVERYONE }, async ({ session }) =>
  jsonOk({ users: await listStaff(session.organizationId) }),
);
