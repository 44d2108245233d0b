/**
 * A completed Flow's `nfm_reply.response_json` (Meta's "Receive Flow response",
 * developers.facebook.com/docs/whatsapp/flows/guides/receiveflowresponse): a string of JSON with
 * the message's `flow_token` beside the fields of the Flow's last screen. A string that is not a
 * JSON object is kept raw (`malformed`) and never dropped: our decision, as no page says what
 * WhatsApp may send otherwise.
 */
export type ParsedFlowResponse =
  | { malformed: false; flowToken: string | null; fields: Record<string, unknown> }
  | { malformed: true; raw: string };

export function parseFlowResponse(responseJson: string): ParsedFlowResponse {
  let parsed: unknown;
  try {
    parsed = JSON.parse(responseJson);
  } catch {
    return { malformed: true, raw: responseJson };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return { malformed: true, raw: responseJson };
  const { flow_token: token, ...fields } = parsed as Record<string, unknown>;
  return { malformed: false, flowToken: typeof token === "string" && token !== "" ? token : null, fields };
}

/** The Flow message an answer names, found by its token in the receiving organization only. */
export type AnsweredFlow = { messageId: string; broadcastId: string | null };

/** `content.interactive` of a completed Flow, as stored and as `message.inbound` carries it. */
export function flowReplyContent(
  parsed: ParsedFlowResponse,
  answered: AnsweredFlow | null,
  body: string | undefined,
): Record<string, unknown> {
  const link = { message_id: answered?.messageId ?? null, broadcast_id: answered?.broadcastId ?? null };
  const flowResponse = parsed.malformed
    ? { flow_token: null, fields: {}, ...link, malformed: true, response_json: parsed.raw }
    : { flow_token: parsed.flowToken, fields: parsed.fields, ...link, malformed: false };
  return { type: "flow", body: body ?? null, flow_response: flowResponse };
}
