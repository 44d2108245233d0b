import type { z } from "zod";
import type { MetaValidationError } from "@/lib/flows/graph-flows";
import {
  FLOW_STATUSES,
  type FlowHealthJson,
  type FlowJson,
  type flowValidationError,
} from "@/lib/flows/schemas";
import type { Flow } from "@/lib/generated/prisma/client.ts";

type ValidationError = z.infer<typeof flowValidationError>;

/**
 * Meta's validation errors as our callers read them: the request field (`flow_json.` + Meta's
 * pointer path) and the screen it names (the id of `screens[N]`, from the Flow JSON).
 */
export function toValidationErrors(
  errors: MetaValidationError[],
  flowJson: Record<string, unknown> | null,
): ValidationError[] {
  const screens = Array.isArray(flowJson?.screens) ? (flowJson.screens as unknown[]) : [];
  return errors.map((e) => {
    const path = e.pointers[0]?.path ?? "";
    const index = /^screens\[(\d+)\]/.exec(path)?.[1];
    let screen: string | null = null;
    if (index !== undefined) {
      const s = screens[Number(index)] as { id?: unknown } | undefined;
      screen = typeof s?.id === "string" && s.id !== "" ? s.id : `screens[${index}]`;
    }
    return {
      field: path === "" ? "flow_json" : `flow_json.${path}`,
      screen,
      message: e.message,
      error: e.error,
      line: e.line_start ?? null,
      column: e.column_start ?? null,
    };
  });
}

function statusOf(status: string): FlowJson["status"] {
  return (FLOW_STATUSES as readonly string[]).includes(status) ? (status as FlowJson["status"]) : "DRAFT";
}

export function toFlowJson(flow: Flow): FlowJson {
  return {
    id: flow.id,
    flow_id: flow.upstreamId,
    name: flow.name,
    categories: flow.categories,
    status: statusOf(flow.status),
    channel_id: flow.channelId,
    flow_json: (flow.flowJson ?? null) as Record<string, unknown> | null,
    validation_errors: (flow.validationErrors ?? []) as ValidationError[],
    preview:
      flow.previewUrl && flow.previewExpiresAt
        ? { url: flow.previewUrl, expires_at: flow.previewExpiresAt.toISOString() }
        : null,
    health:
      flow.latestHealth && flow.latestHealthAt
        ? {
            ...(flow.latestHealth as Omit<FlowHealthJson, "received_at">),
            received_at: flow.latestHealthAt.toISOString(),
          }
        : null,
    created_at: flow.createdAt.toISOString(),
    updated_at: flow.updatedAt.toISOString(),
  };
}
