import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { listOrgTemplates } from "@/lib/templates/list-org-templates";
import { templatesQuery } from "@/lib/templates/template-list-schemas";

/** Templates by channel with every language and its upstream status; everyone may read them. */
export const GET = dashboardRoute({ roles: EVERYONE, query: templatesQuery }, async ({ session, query }) =>
  jsonOk(await listOrgTemplates(session.organizationId, query)),
);
