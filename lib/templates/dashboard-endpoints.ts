import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE } from "@/lib/auth/roles";
import { type TemplatesPageJson, templatesQuery } from "@/lib/templates/template-list-schemas";

/** The Templates page (app/api/dashboard/templates). */
export const TEMPLATE_DASHBOARD = declareDashboardEndpoints({
  /** by channel with every language and its upstream status; everyone may read them */
  listTemplates: {
    method: "GET",
    path: "/api/dashboard/templates",
    roles: EVERYONE,
    query: templatesQuery,
    answer: answer<TemplatesPageJson>(),
    status: 200,
  },
});
