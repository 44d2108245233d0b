import "#server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { fieldValue, humanizeKey } from "@/lib/conversations/message-view";
import type {
  FlowResponseRowJson,
  FlowResponsesPageJson,
  flowResponsesPageQuery,
  flowResponsesRange,
} from "@/lib/flows/dashboard-endpoints";
import { findFlowOrThrow } from "@/lib/flows/find-flow";
import { flowAnswers } from "@/lib/flows/list-flow-responses";
import { findAnswerContacts } from "@/lib/flows/repository";
import type { FlowJson, FlowResponseJson } from "@/lib/flows/schemas";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dashboard's from/to (UTC days, both included) as the instants the answers are read
 * between: from's midnight, and the midnight after `to`.
 */
export function answerInstants(range: z.infer<typeof flowResponsesRange>): { from?: string; to?: string } {
  if (range.from && range.to && range.from > range.to) {
    throw new ApiError("VALIDATION_INVALID_FIELD", "`from` is after `to`.", {
      field: "from",
      hint: "from and to are UTC days, YYYY-MM-DD, from ≤ to",
    });
  }
  return {
    from: range.from ? `${range.from}T00:00:00.000Z` : undefined,
    to: range.to ? new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS).toISOString() : undefined,
  };
}

/** The customers of a set of answers, the organization's only. */
export async function answerCustomers(
  organizationId: string,
  responses: FlowResponseJson[],
): Promise<Map<string, NonNullable<FlowResponseRowJson["customer"]>>> {
  const ids = [...new Set(responses.flatMap((r) => (r.contact_id ? [r.contact_id] : [])))];
  const contacts = ids.length ? await findAnswerContacts(organizationId, ids) : [];
  return new Map(
    contacts.map((c) => [
      c.id,
      { id: c.id, name: c.name ?? c.profileName, phone: c.phone, user_id: c.bsuid },
    ]),
  );
}

/**
 * A Flow's answers for the Flows page: the /v1 list's rows (lib/flows/list-flow-responses.ts)
 * with the customer each came from and every field as label: value (the thread's form view,
 * lib/conversations/message-view.ts). Another organization's Flow is 404.
 */
export async function flowResponsesPage(
  organizationId: string,
  flowId: string,
  query: z.infer<typeof flowResponsesPageQuery>,
): Promise<FlowResponsesPageJson> {
  const flow = await findFlowOrThrow(organizationId, flowId);
  const instants = answerInstants(query);
  const offset = (query.page - 1) * query.per_page;
  let { responses, total } = await flowAnswers(organizationId, flow, {
    ...instants,
    limit: query.per_page,
    offset,
  });
  if (total === null && offset > 0) {
    total = (await flowAnswers(organizationId, flow, { ...instants, limit: 1, offset: 0 })).total;
  }
  const customers = await answerCustomers(organizationId, responses);
  return {
    flow: {
      id: flow.id,
      name: flow.name,
      status: flow.status as FlowJson["status"],
      channel: { id: flow.channel.id, name: flow.channel.name },
    },
    responses: responses.map((r) => ({
      message_id: r.message_id,
      conversation_id: r.conversation_id,
      received_at: r.received_at,
      flow_token: r.flow_token,
      customer: (r.contact_id && customers.get(r.contact_id)) || null,
      answers: Object.entries(r.fields).map(([key, v]) => ({
        key,
        label: humanizeKey(key),
        value: fieldValue(v),
      })),
    })),
    page: query.page,
    per_page: query.per_page,
    total: total ?? 0,
  };
}
