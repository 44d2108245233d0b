import { jsonOk } from "@/lib/api/respond";
import { listOrgTemplates } from "@/lib/dashboard/list-org-templates";
import { EVERYONE } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { templatesQuery } from "@/lib/dashboard/template-schemas";

/** Templates by channel with every language and its upstream status; everyone may read them. */
export const GET = dashboardRoute({ roles: EVERYONE, query: templatesQuery }, async ({ session, query }) =>
  jsonOk(await listOrgTemplates(session.organizationId, query)),
);
