import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type Harness,
  PHONE_NUMBER_ID,
  sign,
  startHarness,
  valuesReceived,
  WABA_ID,
} from "@/sandbox/test-support";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.receiver.received.length = 0;
  h.receiver.answer.status = 200;
});

const inbound = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  h.call("POST", "/_sandbox/inbound", {
    phone_number_id: PHONE_NUMBER_ID,
    from: "4915123456789",
    message,
    ...extra,
  });

describe("POST /_sandbox/inbound", () => {
  it("posts a signed text notification in the real shape and answers the app's status", async () => {
    const answer = await inbound(
      { type: "text", text: { body: "Hallo" } },
      { name: "Jana", user_id: "DE.123" },
    );
    expect(answer).toMatchObject({
      status: 200,
      body: { id: expect.stringMatching(/^wamid\./), status: 200 },
    });
    const [received] = h.receiver.received;
    expect(received?.headers["x-hub-signature-256"]).toBe(sign(received?.raw ?? ""));
    expect(received?.body).toEqual({
      object: "whatsapp_business_account",
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: PHONE_NUMBER_ID },
                contacts: [{ profile: { name: "Jana" }, wa_id: "4915123456789", user_id: "DE.123" }],
                messages: [
                  {
                    from: "4915123456789",
                    // Meta names the user id in every messages webhook, beside the shared number
                    from_user_id: "DE.123",
                    id: (answer.body as { id: string }).id,
                    timestamp: expect.stringMatching(/^\d{10}$/),
                    type: "text",
                    text: { body: "Hallo" },
                  },
                ],
              },
              field: "messages",
            },
          ],
        },
      ],
    });
  });

  it("reports the app's refusal", async () => {
    h.receiver.answer.status = 401;
    expect(await inbound({ type: "text", text: { body: "x" } })).toMatchObject({ body: { status: 401 } });
  });

  it("builds interactive replies, template button presses, locations and replies with context", async () => {
    const messages: Array<Record<string, unknown>> = [
      {
        type: "interactive",
        interactive: { type: "button_reply", button_reply: { id: "yes", title: "Yes" } },
      },
      {
        type: "interactive",
        interactive: { type: "list_reply", list_reply: { id: "r1", title: "Row", description: "d" } },
      },
      { type: "button", button: { payload: "STOP", text: "Stop" }, context: { id: "wamid.OUT" } },
      { type: "location", location: { latitude: 1.5, longitude: 2.5, name: "Here" } },
    ];
    for (const message of messages) await inbound(message);
    const received = valuesReceived(h.receiver).map((v) => (v.messages as Array<Record<string, unknown>>)[0]);
    expect(received[0]).toMatchObject({ type: "interactive", interactive: messages[0]?.interactive });
    expect(received[1]).toMatchObject({ type: "interactive", interactive: messages[1]?.interactive });
    expect(received[2]).toMatchObject({
      type: "button",
      button: { payload: "STOP", text: "Stop" },
      context: { from: "15550783881", id: "wamid.OUT" },
    });
    expect(received[3]).toMatchObject({
      type: "location",
      location: { latitude: 1.5, longitude: 2.5, name: "Here" },
    });
  });

  it("describes media as Meta does: document filename, voice notes", async () => {
    await inbound({ type: "document", document: { caption: "Invoice" } });
    await inbound({ type: "audio", audio: { voice: true } });
    const [doc, audio] = valuesReceived(h.receiver).map(
      (v) => (v.messages as Array<Record<string, unknown>>)[0],
    );
    expect(doc?.document).toEqual({
      caption: "Invoice",
      filename: "sample.pdf",
      mime_type: "application/pdf",
      sha256: expect.any(String),
      id: expect.any(String),
    });
    expect(audio?.audio).toEqual({
      mime_type: "audio/ogg; codecs=opus",
      sha256: expect.any(String),
      id: expect.any(String),
      voice: true,
    });
  });

  it("refuses unknown phone numbers and bad messages", async () => {
    expect((await inbound({ type: "text", text: { body: "x" } }, { phone_number_id: "nope" })).status).toBe(
      404,
    );
    expect((await inbound({ type: "smoke_signal" })).status).toBe(400);
  });

  it("referral: Meta's object is posted on the message (source_type defaults to ad); unknown fields are 400", async () => {
    const referral = {
      source_url: "https://fb.me/ad",
      source_id: "120210000000001",
      headline: "Spring sale",
      body: "Lamps",
      media_type: "image",
      image_url: "https://scontent.example/a.jpg",
      ctwa_clid: "ARclid",
    };
    const answer = await inbound({ type: "text", text: { body: "Hi" } }, { referral });
    expect(answer.status).toBe(200);
    const body = h.receiver.received[0]?.body as {
      entry: { changes: { value: { messages: { referral?: unknown }[] } }[] }[];
    };
    const message = body.entry[0]?.changes[0]?.value.messages[0];
    expect(message?.referral).toEqual({ source_type: "ad", ...referral });
    expect(
      (await inbound({ type: "text", text: { body: "Hi" } }, { referral: { campaign: "x" } })).status,
    ).toBe(400);
    expect(
      (await inbound({ type: "text", text: { body: "Hi" } }, { referral: { source_type: "banner" } })).status,
    ).toBe(400);
  });
});
