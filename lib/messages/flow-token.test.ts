import { describe, expect, it } from "vitest";
import { newFlowToken, withFlowToken } from "@/lib/messages/flow-token";
import type { SendMessageInput } from "@/lib/messages/message-schemas";

const template = (components?: unknown[]): SendMessageInput =>
  ({
    to: "+14155550123",
    type: "template",
    template: { name: "booking", language: { code: "en_US" }, ...(components ? { components } : {}) },
  }) as SendMessageInput;
const STORED = [{ type: "BODY" }, { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY" }, { type: "FLOW" }] }];

describe("flow tokens", () => {
  it("are unguessable and distinct", () => {
    const tokens = new Set(Array.from({ length: 100 }, newFlowToken));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(t).toMatch(/^flt_[A-Za-z0-9_-]{32}$/);
  });

  it("a template whose FLOW button was left out gets a button component carrying the token", () => {
    const { input, flowToken } = withFlowToken(template(), STORED);
    expect(flowToken).toMatch(/^flt_/);
    expect(input.type === "template" && input.template.components).toEqual([
      {
        type: "button",
        sub_type: "flow",
        index: 1,
        parameters: [{ type: "action", action: { flow_token: flowToken } }],
      },
    ]);
  });

  it("keeps the caller's token; a broadcast (fresh) replaces it", () => {
    const given = [
      {
        type: "button",
        sub_type: "flow",
        index: 1,
        parameters: [{ type: "action", action: { flow_token: "mine" } }],
      },
    ];
    expect(withFlowToken(template(given), STORED).flowToken).toBe("mine");
    const fresh = withFlowToken(template(given), STORED, true);
    expect(fresh.flowToken).not.toBe("mine");
    expect(JSON.stringify(fresh.input)).not.toContain('"mine"');
  });

  it("leaves other sends without a token", () => {
    const text = { to: "+1", type: "text", text: { body: "hi" } } as SendMessageInput;
    expect(withFlowToken(text)).toEqual({ input: text, flowToken: null });
    expect(withFlowToken(template(), [{ type: "BODY" }]).flowToken).toBeNull();
  });
});
