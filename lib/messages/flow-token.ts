import { randomBytes } from "node:crypto";
import type { SendMessageInput, TemplateComponentInput } from "@/lib/messages/message-schemas";

/**
 * A Flow message's token. Meta gives it back in the customer's answer (`nfm_reply.response_json`,
 * "Receive Flow response") and, for Flows with an endpoint, in every data request: it is how an
 * answer finds the message it answers. No Meta page says how it is made; ours is 24 random bytes
 * (192 bits, base64url), so that nobody can guess another message's token.
 */
export function newFlowToken(): string {
  return `flt_${randomBytes(24).toString("base64url")}`;
}

/** A stored template's button: `type` FLOW for a Flow button (Meta's template FLOW button). */
type StoredButton = { type?: unknown };
type StoredComponent = { type?: unknown; buttons?: unknown };

function flowButtonIndexes(stored: readonly StoredComponent[] | null): number[] {
  const buttons = stored?.find((c) => String(c.type).toUpperCase() === "BUTTONS")?.buttons;
  if (!Array.isArray(buttons)) return [];
  return buttons.flatMap((b: StoredButton, i) => (String(b?.type).toUpperCase() === "FLOW" ? [i] : []));
}

function withTokenInButton(c: TemplateComponentInput, token: string, fresh: boolean): TemplateComponentInput {
  if (c.type !== "button" || c.sub_type !== "flow") return c;
  const parameters = c.parameters.map((p) =>
    p.type === "action"
      ? { ...p, action: { ...p.action, flow_token: fresh ? token : (p.action.flow_token ?? token) } }
      : p,
  );
  return { ...c, parameters };
}

/**
 * The send with its Flow token: an interactive `flow` keeps the caller's flow_token or gets a new
 * one; a template with a FLOW button gets one in each flow button parameter (a FLOW button the
 * caller left out gets a button component of its own, so that its answer can be matched too).
 * Any other send is unchanged and has no token.
 */
export function withFlowToken(
  input: SendMessageInput,
  /** the stored template's components, for a template send */
  stored: readonly StoredComponent[] | null = null,
  /**
   * a broadcast: every recipient's message gets a token of its own, whatever the components say
   * (one token for all would name many messages; our decision)
   */
  fresh = false,
): { input: SendMessageInput; flowToken: string | null } {
  if (input.type === "interactive" && input.interactive.type === "flow") {
    const parameters = input.interactive.action.parameters;
    const flowToken = parameters.flow_token ?? newFlowToken();
    const action = { ...input.interactive.action, parameters: { ...parameters, flow_token: flowToken } };
    return { input: { ...input, interactive: { ...input.interactive, action } }, flowToken };
  }
  if (input.type !== "template") return { input, flowToken: null };
  const given = input.template.components ?? [];
  const flowIndexes = flowButtonIndexes(stored);
  const givenFlows = given.filter((c) => c.type === "button" && c.sub_type === "flow");
  if (flowIndexes.length === 0 && givenFlows.length === 0) return { input, flowToken: null };
  // the caller's own token wins (the first FLOW button that names one)
  const callerToken = givenFlows
    .flatMap((c) => c.parameters)
    .map((p) => (p.type === "action" ? p.action.flow_token : undefined))
    .find((t) => t !== undefined);
  const flowToken = (fresh ? undefined : callerToken) ?? newFlowToken();
  const components = given.map((c) => withTokenInButton(c, flowToken, fresh));
  for (const index of flowIndexes) {
    if (components.some((c) => c.type === "button" && c.index === index)) continue;
    components.push({
      type: "button",
      sub_type: "flow",
      index,
      parameters: [{ type: "action", action: { flow_token: flowToken } }],
    });
  }
  return { input: { ...input, template: { ...input.template, components } }, flowToken };
}

/** Where the caller's token sits in the request, for the error that names it. */
export function flowTokenField(input: SendMessageInput, componentsField: string): string {
  if (input.type === "interactive") return "interactive.action.parameters.flow_token";
  const components = input.type === "template" ? (input.template.components ?? []) : [];
  const at = components.findIndex((c) => c.type === "button" && c.sub_type === "flow");
  return `${componentsField}[${Math.max(at, 0)}].parameters[0].action.flow_token`;
}
