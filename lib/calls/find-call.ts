import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findCallWithChannel } from "@/lib/calls/repository";
import { isUuid } from "@/lib/ids/uuid";

/** A call of the organization with its channel; another organization's id answers 404 like an unknown one. */
export async function findCallOrThrow(organizationId: string, id: string) {
  const call = isUuid(id) ? await findCallWithChannel(organizationId, id) : null;
  if (!call) throw new ApiError("RESOURCE_NOT_FOUND", "No such call.", { field: "id" });
  return call;
}
