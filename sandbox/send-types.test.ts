import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CUSTOMER,
  CUSTOMER_WA_ID,
  customerWrites,
  type Harness,
  PHONE_NUMBER_ID,
  startHarness,
  WABA_ID,
  wamidOf,
} from "@/sandbox/test-support";

let h: Harness;
let media: string;
/** links are written with MEDIA and completed once the sandbox has its port */
const withMedia = (body: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(body).replaceAll("MEDIA", media));

beforeAll(async () => {
  h = await startHarness({ status_delays_ms: { sent: null, delivered: null, read: null } });
  media = `${h.sandbox.url}/_sandbox/media`;
  await h.call("PUT", `/_sandbox/templates/${WABA_ID}`, {
    data: [
      { name: "hello_world", language: "en_US", status: "APPROVED", category: "UTILITY", components: [] },
    ],
  });
});
afterAll(() => h.close());
beforeEach(() => customerWrites(h));

describe("every message type we send is accepted and recorded as received", () => {
  const bodies = (): Array<[string, Record<string, unknown>]> => [
    ["text", { type: "text", text: { body: "Hello", preview_url: false } }],
    ["text without type", { text: { body: "type defaults to text" } }],
    ["image by link", { type: "image", image: { link: "MEDIA/sample.jpg", caption: "A picture" } }],
    ["audio", { type: "audio", audio: { link: "MEDIA/sample.ogg" } }],
    ["video", { type: "video", video: { link: "MEDIA/sample.mp4", caption: "Clip" } }],
    [
      "document",
      { type: "document", document: { link: "MEDIA/sample.pdf", filename: "a.pdf", caption: "Doc" } },
    ],
    [
      "location",
      {
        type: "location",
        location: { latitude: 52.52, longitude: 13.405, name: "Berlin", address: "Mitte" },
      },
    ],
    [
      "interactive button",
      {
        type: "interactive",
        interactive: {
          type: "button",
          header: { type: "image", image: { link: "MEDIA/sample.png" } },
          body: { text: "Pick one" },
          footer: { text: "footer" },
          action: {
            buttons: [
              { type: "reply", reply: { id: "yes", title: "Yes" } },
              { type: "reply", reply: { id: "no", title: "No" } },
            ],
          },
        },
      },
    ],
    [
      "interactive list",
      {
        type: "interactive",
        interactive: {
          type: "list",
          header: { type: "text", text: "Menu" },
          body: { text: "Choose" },
          action: {
            button: "Options",
            sections: [
              { title: "A", rows: [{ id: "a1", title: "One", description: "first" }] },
              { title: "B", rows: [{ id: "b1", title: "Two" }] },
            ],
          },
        },
      },
    ],
    [
      "interactive cta_url",
      {
        type: "interactive",
        interactive: {
          type: "cta_url",
          body: { text: "Visit us" },
          action: { name: "cta_url", parameters: { display_text: "Open", url: "https://example.com/x" } },
        },
      },
    ],
    ["template", { type: "template", template: { name: "hello_world", language: { code: "en_US" } } }],
    [
      "reply with context and opaque data",
      {
        recipient_type: "individual",
        context: { message_id: "wamid.ABC" },
        biz_opaque_callback_data: "msg_123",
        type: "text",
        text: { body: "a reply" },
      },
    ],
  ];

  for (const [name, template] of bodies()) {
    it(name, async () => {
      const body = withMedia(template);
      const answer = await h.send(body);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        messaging_product: "whatsapp",
        contacts: [{ input: CUSTOMER, wa_id: CUSTOMER_WA_ID }],
        messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/=]+$/) }],
      });
      const id = wamidOf(answer);
      const recorded = await h.call(
        "GET",
        `/_sandbox/messages?phone_number_id=${PHONE_NUMBER_ID}&to=${CUSTOMER_WA_ID}`,
      );
      const entry = (recorded.body as { data: Array<Record<string, unknown>> }).data.find((r) => r.id === id);
      expect(entry).toMatchObject({
        id,
        phone_number_id: PHONE_NUMBER_ID,
        body: { messaging_product: "whatsapp", to: CUSTOMER, ...body },
        result: 200,
      });
      expect(Number.isNaN(Date.parse(String(entry?.received_at)))).toBe(false);
    });
  }

  it("marks an inbound message as read", async () => {
    const answer = await h.call(
      "POST",
      `/v23.0/${PHONE_NUMBER_ID}/messages`,
      { messaging_product: "whatsapp", status: "read", message_id: "wamid.IN" },
      "EAAG-sandbox-token",
    );
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
  });

  it("records rejected requests too, with the status they got", async () => {
    await h.send({ type: "text", text: {} });
    const recorded = await h.call("GET", `/_sandbox/messages?to=${CUSTOMER_WA_ID}`);
    const last = (recorded.body as { data: Array<Record<string, unknown>> }).data.at(-1);
    expect(last).toMatchObject({
      id: null,
      result: 400,
      body: { text: {} },
      response: { error: { code: 100 } },
    });
  });
});
