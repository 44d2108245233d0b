import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { USAGE_ENDPOINTS } from "@/lib/usage/endpoints";
import { getUsage } from "@/lib/usage/get-usage";

/** Priced messages per day, category or channel, billable and free, with the estimated cost. */
export const GET = apiRoute(USAGE_ENDPOINTS.getUsage, async ({ org, query }) =>
  ok(await getUsage(org.id, query)),
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
