import { z } from "zod";
import { jsonOk } from "@/lib/api/respond";
import { listTags } from "@/lib/dashboard/list-tags";
import { EVERYONE } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

const query = z.object({ q: z.string().trim().max(64).optional().default("") });

/** Autocomplete of the organization's tags (the contact form's tag input). */
export const GET = dashboardRoute({ roles: EVERYONE, query }, async ({ session, query }) =>
  jsonOk({ tags: await listTags(session.organizationId, query.q) }),
);
