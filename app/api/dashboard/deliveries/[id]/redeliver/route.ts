import { jsonOk } from "@/lib/api/respond";
import { redeliverOne } from "@/lib/dashboard/redeliver-one";
import { SUPPORT } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Redeliver one delivery now: it becomes pending, due at once, attempt numbers continue. */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: SUPPORT },
  async ({ session, params }) => jsonOk({ delivery: await redeliverOne(session.organizationId, params.id) }),
);
