import { ApiError } from "@/lib/api/errors";
import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { controlBroadcast } from "@/lib/broadcasts/control-broadcast";
import { retryFailed } from "@/lib/broadcasts/retry-failed";
import { dashboardRoute } from "@/lib/dashboard/route";

type Params = { id: string; action: string };

/** Pause, resume, cancel, retry failed: owners and admins, with the API's rules (409 when it does not apply). */
export const POST = dashboardRoute<undefined, undefined, Params>(
  { roles: MANAGERS },
  async ({ session, params }) => {
    const org = session.organizationId;
    switch (params.action) {
      case "pause":
      case "resume":
      case "cancel":
        return jsonOk({ broadcast: await controlBroadcast(org, params.id, params.action) });
      case "retry":
        return jsonOk(await retryFailed(org, params.id));
      default:
        throw new ApiError("RESOURCE_NOT_FOUND", "No such operation.", { field: "action" });
    }
  },
);
