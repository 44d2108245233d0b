import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findFlowOrThrow } from "@/lib/flows/find-flow";
import { flowUpstreamError } from "@/lib/flows/flow-upstream-error";
import { deleteUpstreamFlow } from "@/lib/flows/graph-flows";
import { deleteFlowRow } from "@/lib/flows/repository";

/** Deletes a draft at Meta and here; Meta keeps published Flows (139004: deprecate them instead). */
export async function deleteFlow(organizationId: string, id: string): Promise<{ id: string; deleted: true }> {
  const flow = await findFlowOrThrow(organizationId, id);
  if (flow.status !== "DRAFT")
    throw new ApiError(
      "RESOURCE_INVALID_STATE",
      `A ${flow.status} Flow cannot be deleted; deprecate it instead.`,
      {
        status: flow.status,
      },
    );
  try {
    await deleteUpstreamFlow(flow.channel, flow.upstreamId);
  } catch (error) {
    throw flowUpstreamError(error);
  }
  await deleteFlowRow(organizationId, flow.id);
  return { id: flow.id, deleted: true };
}
