import { create as contentDisposition } from "content-disposition";
import { ApiError } from "@/lib/api/errors";
import { MANAGERS } from "@/lib/auth/roles";
import { exportRecipients } from "@/lib/broadcasts/export-recipients";
import { dashboardRoute } from "@/lib/dashboard/route";

type Params = { id: string };

/** The results as CSV, streamed (owners and admins, like the contacts export: phone numbers in bulk). */
export const GET = dashboardRoute<undefined, undefined, Params>(
  { roles: MANAGERS },
  async ({ session, params }) => {
    const exported = await exportRecipients(session.organizationId, params.id);
    if (!exported) throw new ApiError("RESOURCE_NOT_FOUND", "No such broadcast.", { field: "id" });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(exported.stream, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": contentDisposition(`broadcast-${exported.name}-${day}.csv`),
        "Cache-Control": "no-store",
        "X-Recipient-Count": String(exported.total),
      },
    });
  },
);
