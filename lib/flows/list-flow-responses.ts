import "#server-only";
import type { z } from "zod";
import { findFlowOrThrow } from "@/lib/flows/find-flow";
import { type FlowAnswerRow, listFlowAnswerRows } from "@/lib/flows/repository";
import type { FlowResponseJson, listFlowResponsesQuery } from "@/lib/flows/schemas";

/**
 * A Flow's answers (issue 31 part 3), newest first: the organization's inbound `nfm_reply`
 * messages whose flow token led to a Flow message of ours (lib/inbound/process-inbound-message.ts
 * links them, in the same organization only) that opened this Flow on its channel, either as an
 * interactive `flow` naming its Meta id or name, or as a template whose FLOW button names its id.
 * Answers linked to no message of ours (a token we never gave, a malformed answer) name no Flow.
 */
export async function listFlowResponses(
  organizationId: string,
  flowId: string,
  query: z.infer<typeof listFlowResponsesQuery>,
): Promise<{ responses: FlowResponseJson[]; total: number }> {
  const flow = await findFlowOrThrow(organizationId, flowId);
  const offset = (query.page - 1) * query.per_page;
  const { responses, total } = await flowAnswers(organizationId, flow, {
    from: query.from,
    to: query.to,
    limit: query.per_page,
    offset,
  });
  return {
    responses,
    total: total ?? (offset > 0 ? await countAll(organizationId, flowId, query) : 0),
  };
}

/** The Flow a range of answers is read for (findFlowOrThrow's row: already the organization's). */
export type AnsweredFlow = { channelId: string; upstreamId: string; name: string };

/**
 * One range of a Flow's answers, newest first, and how many the dates hold in all (null when the
 * range starts past the last one: no row carries the count). Read by the /v1 list, the
 * dashboard's responses view and its CSV export (lib/flows/export-flow-responses.ts).
 */
export async function flowAnswers(
  organizationId: string,
  flow: AnsweredFlow,
  range: { from?: string; to?: string; limit: number; offset: number },
): Promise<{ responses: FlowResponseJson[]; total: number | null }> {
  const from = range.from ? new Date(range.from) : new Date(0);
  const to = range.to ? new Date(range.to) : new Date(8_640_000_000_000_000);
  const rows = await listFlowAnswerRows(organizationId, flow, {
    from,
    to,
    limit: range.limit,
    offset: range.offset,
  });
  return { responses: rows.map(toJson), total: rows[0]?.total ?? null };
}

/** A page past the last one has no row to carry the count: the count of page 1. */
async function countAll(
  organizationId: string,
  flowId: string,
  query: z.infer<typeof listFlowResponsesQuery>,
): Promise<number> {
  return (await listFlowResponses(organizationId, flowId, { ...query, page: 1, per_page: 1 })).total;
}

function toJson(r: FlowAnswerRow): FlowResponseJson {
  const response = r.flow_response ?? {};
  const fields = response.fields;
  return {
    message_id: r.id,
    conversation_id: r.conversation_id,
    contact_id: r.contact_id,
    flow_message_id: r.flow_message_id,
    broadcast_id: r.broadcast_id,
    flow_token: typeof response.flow_token === "string" ? response.flow_token : null,
    fields:
      fields && typeof fields === "object" && !Array.isArray(fields)
        ? (fields as Record<string, unknown>)
        : {},
    received_at: r.created_at.toISOString(),
  };
}
