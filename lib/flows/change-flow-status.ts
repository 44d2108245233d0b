import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import { findFlowOrThrow } from "@/lib/flows/find-flow";
import { toFlowJson, toValidationErrors } from "@/lib/flows/flow-json";
import { flowUpstreamError } from "@/lib/flows/flow-upstream-error";
import { flowAction, getUpstreamFlow } from "@/lib/flows/graph-flows";
import { updateFlowRow } from "@/lib/flows/repository";
import type { FlowJson } from "@/lib/flows/schemas";

/** Which status each action needs and gives (Meta's Flow lifecycle: both are one-way). */
const ACTIONS = {
  publish: { from: ["DRAFT"], to: "PUBLISHED" },
  deprecate: { from: ["PUBLISHED", "THROTTLED", "BLOCKED"], to: "DEPRECATED" },
} as const;

function validationFailed(errors: FlowJson["validation_errors"]): ApiError {
  return new ApiError(
    "VALIDATION_ERROR",
    "The Flow JSON has errors; fix them with PATCH before publishing.",
    {
      errors,
    },
  );
}

/**
 * Publishes a draft or deprecates a published Flow at Meta. A draft with validation errors is
 * refused before any call, with Meta's errors in details.errors[] (field, screen, line, column).
 * When Meta refuses a publish (139002), the Flow is read again: its errors or its state explain why.
 */
export async function changeFlowStatus(
  organizationId: string,
  id: string,
  action: keyof typeof ACTIONS,
): Promise<FlowJson> {
  const flow = await findFlowOrThrow(organizationId, id);
  const rule = ACTIONS[action];
  if (!(rule.from as readonly string[]).includes(flow.status))
    throw new ApiError("RESOURCE_INVALID_STATE", `A ${flow.status} Flow cannot be ${action}d.`, {
      status: flow.status,
    });
  const stored = toFlowJson(flow).validation_errors;
  if (action === "publish" && stored.length > 0) throw validationFailed(stored);
  try {
    await flowAction(flow.channel, flow.upstreamId, action);
  } catch (error) {
    if (action === "publish" && error instanceof UpstreamError && error.failure.kind === "rejected") {
      const fresh = await getUpstreamFlow(flow.channel, flow.upstreamId).catch(() => null);
      if (fresh) {
        const errors = toValidationErrors(fresh.validation_errors, toFlowJson(flow).flow_json);
        await updateFlowRow(organizationId, flow.id, { status: fresh.status, validationErrors: errors });
        if (errors.length > 0) throw validationFailed(errors);
      }
    }
    throw flowUpstreamError(error);
  }
  const updated = await updateFlowRow(organizationId, flow.id, { status: rule.to });
  return toFlowJson(updated);
}
