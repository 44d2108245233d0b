import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { redeliverOne } from "@/lib/webhooks/redeliver-one";
import { forRole, supportDelivery } from "@/lib/webhooks/support-view";

/** Redeliver one delivery now: it becomes pending, due at once, attempt numbers continue (agents: signatures masked). */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: SUPPORT },
  async ({ session, params }) =>
    jsonOk({
      delivery: forRole(session.role, await redeliverOne(session.organizationId, params.id), supportDelivery),
    }),
);
