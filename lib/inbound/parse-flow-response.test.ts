import { describe, expect, it } from "vitest";
import { flowReplyContent, parseFlowResponse } from "@/lib/inbound/parse-flow-response";

describe("parseFlowResponse", () => {
  it("splits Meta's response_json into the flow_token and the fields", () => {
    expect(parseFlowResponse('{"flow_token":"t1","name":"Ana","age":30}')).toEqual({
      malformed: false,
      flowToken: "t1",
      fields: { name: "Ana", age: 30 },
    });
    expect(parseFlowResponse('{"name":"Ana"}')).toEqual({
      malformed: false,
      flowToken: null,
      fields: { name: "Ana" },
    });
  });

  it("keeps what is not a JSON object raw", () => {
    for (const raw of ["{oops", "[1,2]", '"text"', "null", ""]) {
      expect(parseFlowResponse(raw)).toEqual({ malformed: true, raw });
    }
  });

  it("builds the stored content, linked or not", () => {
    const parsed = parseFlowResponse('{"flow_token":"t1","a":1}');
    expect(flowReplyContent(parsed, { messageId: "m", broadcastId: null }, "Sent")).toEqual({
      type: "flow",
      body: "Sent",
      flow_response: {
        flow_token: "t1",
        fields: { a: 1 },
        message_id: "m",
        broadcast_id: null,
        malformed: false,
      },
    });
    expect(flowReplyContent(parseFlowResponse("x"), null, undefined)).toEqual({
      type: "flow",
      body: null,
      flow_response: {
        flow_token: null,
        fields: {},
        message_id: null,
        broadcast_id: null,
        malformed: true,
        response_json: "x",
      },
    });
  });
});
