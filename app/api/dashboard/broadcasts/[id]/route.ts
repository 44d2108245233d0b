import { ApiError } from "@/lib/api/errors";
import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { broadcastDetail } from "@/lib/broadcasts/broadcast-detail";
import { dashboardRoute } from "@/lib/dashboard/route";

type Params = { id: string };

/** A broadcast's page: counts, channel, failures and skips by reason (polled while it runs). */
export const GET = dashboardRoute<undefined, undefined, Params>(
  { roles: EVERYONE },
  async ({ session, params }) => {
    const detail = await broadcastDetail(session.organizationId, params.id);
    if (!detail) throw new ApiError("RESOURCE_NOT_FOUND", "No such broadcast.", { field: "id" });
    return jsonOk(detail);
  },
);
