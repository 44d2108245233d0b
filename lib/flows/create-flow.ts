import "#server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { resolveSendChannel } from "@/lib/channels/resolve-channel";
import { toFlowJson, toValidationErrors } from "@/lib/flows/flow-json";
import { flowUpstreamError } from "@/lib/flows/flow-upstream-error";
import { createUpstreamFlow } from "@/lib/flows/graph-flows";
import { findFlowIdByName, upsertFlowRow } from "@/lib/flows/repository";
import type { createFlowBody, FlowJson } from "@/lib/flows/schemas";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * Creates the Flow at Meta (a DRAFT on the channel's WABA) with its Flow JSON, and keeps it. A
 * Flow JSON Meta finds errors in is still saved as a draft, as Meta saves it: the answer carries
 * `validation_errors` (screen and field each), publish refuses it until a PATCH fixes them. (Our
 * decision: an error answer here would hide that the draft exists, and a retry would then hit
 * Meta's unique name.)
 */
export async function createFlow(
  organizationId: string,
  body: z.infer<typeof createFlowBody>,
): Promise<FlowJson> {
  const channel = await resolveSendChannel(organizationId, body.channel_id);
  const taken = await findFlowIdByName(organizationId, channel.id, body.name);
  if (taken)
    throw new ApiError("RESOURCE_ALREADY_EXISTS", "A Flow with this name exists on this channel.", {
      field: "name",
      id: taken,
    });
  let created: Awaited<ReturnType<typeof createUpstreamFlow>>;
  try {
    created = await createUpstreamFlow(channel, {
      name: body.name,
      categories: body.categories,
      flowJson: body.flow_json,
    });
  } catch (error) {
    throw flowUpstreamError(error);
  }
  const data = {
    name: body.name,
    categories: body.categories,
    status: "DRAFT",
    flowJson: (body.flow_json ?? undefined) as Prisma.InputJsonValue | undefined,
    validationErrors: toValidationErrors(created.validation_errors, body.flow_json ?? null),
  };
  // an upsert: a channel sync running meanwhile may have copied the new Flow from Meta already
  const flow = await upsertFlowRow(organizationId, channel.id, created.id, data);
  // the channel was resolved in the organization above, and a channel never changes organization
  if (!flow) throw new Error(`channel ${channel.id} is not in organization ${organizationId}`);
  return toFlowJson(flow);
}
