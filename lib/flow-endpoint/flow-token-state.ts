/**
 * Flow tokens the product itself knows to be no longer valid (issue 31 part 4: "stale flow
 * token"). Meta's data endpoint guide lets the endpoint answer 427 when a flow token is no longer
 * valid; WhatsApp then tells the customer the Flow is closed. No Meta page says when a token
 * stops being valid: that is the business's rule. Ours (decided here): a token the product gave
 * or kept with a Flow message of the organization is closed
 * - once the customer completed that Flow message (its `nfm_reply` arrived:
 *   lib/inbound/process-inbound-message.ts closes it), and
 * - once the business's receiver answered 427 for it (the business said so: it is not asked again).
 * A token no message of the organization holds (the business made its own, or the Flow was sent
 * elsewhere) is never judged here: the receiver decides. Another organization's token is not
 * known here either (the lookup is by the endpoint's organization only). The tokens are read and
 * closed by lib/flow-endpoint/repository.ts (isFlowTokenClosed, closeFlowToken).
 */
/** The flow token of a decrypted data request (`flow_token`), when it has one. */
export function flowTokenOf(payload: unknown): string | null {
  const token = (payload as { flow_token?: unknown } | null)?.flow_token;
  return typeof token === "string" && token !== "" && token.length <= 512 ? token : null;
}
