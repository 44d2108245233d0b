import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { listRecipients, toRecipientJson } from "@/lib/broadcasts/list-recipients";
import { listRecipientsQuery } from "@/lib/broadcasts/schemas";
import { dashboardRoute } from "@/lib/dashboard/route";

type Params = { id: string };

/** A page of recipients, optionally of one status, with each contact's name. */
export const GET = dashboardRoute<undefined, typeof listRecipientsQuery, Params>(
  { roles: EVERYONE, query: listRecipientsQuery },
  async ({ session, params, query }) => {
    const { rows, total } = await listRecipients(session.organizationId, params.id, {
      status: query.status,
      page: query.page,
      perPage: query.per_page,
    });
    const recipients = rows.map((r) => ({ ...toRecipientJson(r), contactName: r.name }));
    return jsonOk({ recipients, page: query.page, per_page: query.per_page, total });
  },
);
