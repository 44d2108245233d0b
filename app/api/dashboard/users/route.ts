import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { listStaff } from "@/lib/users/list-staff";

/** The organization's staff (name, e-mail, role): the assignee picker of conversations. */
export const GET = dashboardRoute({ roles: EVERYONE }, async ({ session }) =>
  jsonOk({ users: await listStaff(session.organizationId) }),
);
