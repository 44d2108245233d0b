import "#server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { type CsvValue, csvLines } from "@/lib/csv/write-csv";
import { FLOW_RESPONSES_EXPORT_MAX, type flowResponsesRange } from "@/lib/flows/dashboard-endpoints";
import { findFlowOrThrow } from "@/lib/flows/find-flow";
import { answerCustomers, answerInstants } from "@/lib/flows/flow-responses-page";
import { flowAnswers } from "@/lib/flows/list-flow-responses";
import type { FlowResponseJson } from "@/lib/flows/schemas";

const CHUNK = 1000;
const FIXED = ["received_at", "phone", "user_id", "name", "flow_token", "message_id"] as const;

/** A field's value in a cell: text as given, numbers and booleans as JSON writes them, lists and objects as JSON. */
function cell(value: unknown): CsvValue {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * A Flow's answers as CSV for the Flows page, newest first, between two UTC days (both
 * included): received time, the customer's phone, user id and name, the flow token, the
 * answer's message id, then one column per answer field, the union of the field names of the
 * rows exported, in the order first met (a field that is also a fixed column's name is written
 * `answer.<name>`). Every line through lib/csv/write-csv.ts, so no cell starts a formula. The
 * header names the fields, so every answer is read before the first line is written; a range
 * of more than FLOW_RESPONSES_EXPORT_MAX answers is refused rather than cut short.
 */
export async function exportFlowResponses(
  organizationId: string,
  flowId: string,
  range: z.infer<typeof flowResponsesRange>,
): Promise<{ csv: string; total: number; flowName: string }> {
  const flow = await findFlowOrThrow(organizationId, flowId);
  const instants = answerInstants(range);
  const responses: FlowResponseJson[] = [];
  for (;;) {
    const { responses: chunk } = await flowAnswers(organizationId, flow, {
      ...instants,
      limit: CHUNK,
      offset: responses.length,
    });
    responses.push(...chunk);
    if (responses.length > FLOW_RESPONSES_EXPORT_MAX) {
      throw new ApiError(
        "VALIDATION_INVALID_FIELD",
        `More than ${FLOW_RESPONSES_EXPORT_MAX.toLocaleString("en")} answers in this range: one export holds at most that many.`,
        { field: "from", hint: "narrow the dates (from, to) and export the range in parts" },
      );
    }
    if (chunk.length < CHUNK) break;
  }
  const customers = await answerCustomers(organizationId, responses);
  const keys = [...new Set(responses.flatMap((r) => Object.keys(r.fields)))];
  const header = [
    ...FIXED,
    ...keys.map((k) => ((FIXED as readonly string[]).includes(k) ? `answer.${k}` : k)),
  ];
  const rows = responses.map((r) => {
    const customer = r.contact_id ? customers.get(r.contact_id) : undefined;
    return [
      r.received_at,
      customer?.phone,
      customer?.user_id,
      customer?.name,
      r.flow_token,
      r.message_id,
      ...keys.map((k) => cell(r.fields[k])),
    ];
  });
  return { csv: csvLines([header, ...rows]), total: responses.length, flowName: flow.name };
}
