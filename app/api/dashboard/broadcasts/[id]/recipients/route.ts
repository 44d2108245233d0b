import { BROADCAST_DASHBOARD } from "@/lib/broadcasts/dashboard-endpoints";
import { listRecipients, toRecipientJson } from "@/lib/broadcasts/list-recipients";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(
  BROADCAST_DASHBOARD.listRecipients,
  async ({ session, params, query }) => {
    const { rows, total } = await listRecipients(session.organizationId, params.id, {
      status: query.status,
      page: query.page,
      perPage: query.per_page,
    });
    const recipients = rows.map((r) => ({ ...toRecipientJson(r), contactName: r.name }));
    return { recipients, page: query.page, per_page: query.per_page, total };
  },
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
