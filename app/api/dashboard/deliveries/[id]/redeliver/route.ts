import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { redeliverOne } from "@/lib/webhooks/redeliver-one";

/** Redeliver one delivery now: it becomes pending, due at once, attempt numbers continue. */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: SUPPORT },
  async ({ session, params }) => jsonOk({ delivery: await redeliverOne(session.organizationId, params.id) }),
);
