import "#server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { findFlowOrThrow } from "@/lib/flows/find-flow";
import { toFlowJson, toValidationErrors } from "@/lib/flows/flow-json";
import { flowUpstreamError } from "@/lib/flows/flow-upstream-error";
import { updateUpstreamFlow, uploadFlowJson } from "@/lib/flows/graph-flows";
import { type FlowChanges, findFlowIdByName, updateFlowRow } from "@/lib/flows/repository";
import type { FlowJson, updateFlowBody } from "@/lib/flows/schemas";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * Changes a draft: name and categories (Meta's metadata update), the Flow JSON (a new FLOW_JSON
 * asset, whose validation errors replace the stored ones). Meta refuses changes to a Flow that is
 * no longer a draft (139001 "Flow can't be updated": clone it instead); so do we, before calling.
 */
export async function updateFlow(
  organizationId: string,
  id: string,
  body: z.infer<typeof updateFlowBody>,
): Promise<FlowJson> {
  const flow = await findFlowOrThrow(organizationId, id);
  if (flow.status !== "DRAFT")
    throw new ApiError(
      "RESOURCE_INVALID_STATE",
      `A ${flow.status} Flow cannot be changed; only drafts can.`,
      {
        status: flow.status,
        hint: "create a new Flow with the changed Flow JSON",
      },
    );
  if (body.name !== undefined && body.name !== flow.name) {
    const taken = await findFlowIdByName(organizationId, flow.channelId, body.name, flow.id);
    if (taken)
      throw new ApiError("RESOURCE_ALREADY_EXISTS", "A Flow with this name exists on this channel.", {
        field: "name",
      });
  }
  const data: FlowChanges = {};
  try {
    if (body.name !== undefined || body.categories !== undefined) {
      await updateUpstreamFlow(flow.channel, flow.upstreamId, {
        name: body.name,
        categories: body.categories,
      });
      if (body.name !== undefined) data.name = body.name;
      if (body.categories !== undefined) data.categories = body.categories;
    }
    if (body.flow_json !== undefined) {
      const errors = await uploadFlowJson(flow.channel, flow.upstreamId, body.flow_json);
      data.flowJson = body.flow_json as Prisma.InputJsonValue;
      data.validationErrors = toValidationErrors(errors, body.flow_json);
    }
  } catch (error) {
    throw flowUpstreamError(error);
  }
  const updated = await updateFlowRow(organizationId, flow.id, { ...data, updatedAt: new Date() });
  return toFlowJson(updated);
}
