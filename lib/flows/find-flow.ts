import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findFlowWithChannel } from "@/lib/flows/repository";
import { isUuid } from "@/lib/ids/uuid";

/** A Flow of the organization with its channel; another organization's id answers 404 like an unknown one. */
export async function findFlowOrThrow(organizationId: string, id: string) {
  const flow = isUuid(id) ? await findFlowWithChannel(organizationId, id) : null;
  if (!flow) throw new ApiError("RESOURCE_NOT_FOUND", "No such Flow.", { field: "id" });
  return flow;
}
