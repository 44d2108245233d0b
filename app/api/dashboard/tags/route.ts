import { z } from "zod";
import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { listTags } from "@/lib/contacts/list-tags";
import { dashboardRoute } from "@/lib/dashboard/route";

const query = z.object({ q: z.string().trim().max(64).optional().default("") });

/** Autocomplete of the organization's tags (the contact form's tag input). */
export const GET = dashboardRoute({ roles: EVERYONE, query }, async ({ session, query }) =>
  jsonOk({ tags: await listTags(session.organizationId, query.q) }),
);
