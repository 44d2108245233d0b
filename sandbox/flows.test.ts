import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CUSTOMER_WA_ID,
  customerWrites,
  type Harness,
  PHONE_NUMBER_ID,
  startHarness,
  WABA_ID,
  wamidOf,
} from "@/sandbox/test-support";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ status_delays_ms: { sent: null, delivered: null, read: null } });
  await h.call("PUT", `/_sandbox/templates/${WABA_ID}`, {
    data: [
      {
        name: "booking_flow",
        language: "en_US",
        components: [
          { type: "BODY", text: "Ready to book?" },
          { type: "BUTTONS", buttons: [{ type: "FLOW", text: "Book now", flow_id: "123" }] },
        ],
      },
    ],
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  h.receiver.received.length = 0;
  await customerWrites(h);
  h.receiver.received.length = 0;
});

const flow = (parameters: Record<string, unknown>) => ({
  to: CUSTOMER_WA_ID,
  type: "interactive",
  interactive: {
    type: "flow",
    body: { text: "Book" },
    action: {
      name: "flow",
      parameters: { flow_message_version: "3", flow_id: "123", flow_cta: "Book now", ...parameters },
    },
  },
});

const complete = (body: Record<string, unknown>) =>
  h.call("POST", "/_sandbox/flows/complete", {
    phone_number_id: PHONE_NUMBER_ID,
    from: CUSTOMER_WA_ID,
    ...body,
  });

type NfmReply = { nfm_reply: { response_json: string } };
const responseJson = (message: Record<string, unknown> | undefined): unknown =>
  JSON.parse((message?.interactive as NfmReply | undefined)?.nfm_reply.response_json ?? "null");

type Received = { body: { entry: { changes: { value: { messages: Record<string, unknown>[] } }[] }[] } };
const lastMessage = () =>
  (h.receiver.received.at(-1) as unknown as Received | undefined)?.body.entry[0]?.changes[0]?.value
    .messages[0];

describe("WhatsApp Flows in the sandbox", () => {
  it("accepts an interactive flow and answers its completion with Meta's nfm_reply carrying the token", async () => {
    const sent = await h.send(
      flow({ flow_token: "tok-1", flow_action: "navigate", flow_action_payload: { screen: "A" } }),
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const wamid = wamidOf(sent);
    const done = await complete({ message_id: wamid, response: { name: "Ana" } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const message = lastMessage();
    expect(message).toMatchObject({
      type: "interactive",
      context: { id: wamid },
      interactive: { type: "nfm_reply", nfm_reply: { name: "flow", body: "Sent" } },
    });
    expect(responseJson(message)).toEqual({ name: "Ana", flow_token: "tok-1" });
  });

  it("refuses a Flow Meta refuses: both flow_id and flow_name, a long cta, a payload with data_exchange", async () => {
    for (const parameters of [
      { flow_name: "x" },
      { flow_cta: "x".repeat(21) },
      { flow_action: "data_exchange", flow_action_payload: { screen: "A" } },
    ]) {
      const sent = await h.send(flow(parameters));
      expect(sent.status, JSON.stringify(parameters)).toBe(400);
    }
  });

  it("accepts a template's FLOW button with an action parameter; completing it carries its token", async () => {
    const sent = await h.send({
      to: CUSTOMER_WA_ID,
      type: "template",
      template: {
        name: "booking_flow",
        language: { code: "en_US" },
        components: [
          {
            type: "button",
            sub_type: "flow",
            index: "0",
            parameters: [{ type: "action", action: { flow_token: "tok-2", flow_action_data: {} } }],
          },
        ],
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await complete({ message_id: wamidOf(sent), response: {} });
    expect(responseJson(lastMessage())).toEqual({ flow_token: "tok-2" });
  });

  it("404 for an unknown message, 409 for a message that is no Flow", async () => {
    expect((await complete({ message_id: "wamid.nope" })).status).toBe(404);
    const text = await h.send({ to: CUSTOMER_WA_ID, type: "text", text: { body: "hi" } });
    expect((await complete({ message_id: wamidOf(text) })).status).toBe(409);
  });
});
