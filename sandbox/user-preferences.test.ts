import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CUSTOMER_WA_ID,
  type Harness,
  PHONE_NUMBER_ID,
  sign,
  startHarness,
  statusesReceived,
  WABA_ID,
  waitFor,
  wamidOf,
} from "@/sandbox/test-support";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ status_delays_ms: { sent: 10, delivered: null, read: null } });
  await h.call("PUT", `/_sandbox/templates/${WABA_ID}`, {
    data: [
      { name: "promo", language: "en", category: "MARKETING", components: [{ type: "BODY", text: "Sale!" }] },
      { name: "notice", language: "en", category: "UTILITY", components: [{ type: "BODY", text: "Hi" }] },
    ],
  });
});
afterAll(() => h.close());

const template = (name: string) => ({ type: "template", template: { name, language: { code: "en" } } });

describe("POST /_sandbox/user-preferences", () => {
  it("posts Meta's user_preferences notification, signed, in its documented shape", async () => {
    h.receiver.received.length = 0;
    const r = await h.call("POST", "/_sandbox/user-preferences", {
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
      name: "Sheena Nelson",
      value: "stop",
      timestamp: 1739321024,
    });
    expect(r.status).toBe(200);
    const [received] = h.receiver.received;
    expect(received?.headers["x-hub-signature-256"]).toBe(sign(received?.raw ?? ""));
    expect(received?.body).toEqual({
      object: "whatsapp_business_account",
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              field: "user_preferences",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: PHONE_NUMBER_ID },
                contacts: [{ profile: { name: "Sheena Nelson" }, wa_id: CUSTOMER_WA_ID }],
                user_preferences: [
                  {
                    wa_id: CUSTOMER_WA_ID,
                    detail: "User requested to stop marketing messages",
                    category: "marketing_messages",
                    value: "stop",
                    timestamp: 1739321024,
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  });

  it("while stopped, a marketing template is accepted then failed with 131050; utility ones are not", async () => {
    await h.call("POST", "/_sandbox/user-preferences", {
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
      value: "stop",
    });
    const promo = await h.send(template("promo"));
    expect(promo.status).toBe(200);
    const failed = await waitFor(() => statusesReceived(h.receiver).find((s) => s.id === wamidOf(promo)));
    expect(failed.status).toBe("failed");
    expect(failed.errors?.[0]?.code).toBe(131050);
    const notice = await h.send(template("notice"));
    const sent = await waitFor(() => statusesReceived(h.receiver).find((s) => s.id === wamidOf(notice)));
    expect(sent.status).toBe("sent");

    await h.call("POST", "/_sandbox/user-preferences", {
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
      value: "resume",
    });
    const again = await h.send(template("promo"));
    const ok = await waitFor(() => statusesReceived(h.receiver).find((s) => s.id === wamidOf(again)));
    expect(ok.status).toBe("sent");
  });

  it("refuses an unknown number and a body without a user", async () => {
    const unknown = await h.call("POST", "/_sandbox/user-preferences", {
      phone_number_id: "1",
      from: "123456",
      value: "stop",
    });
    expect(unknown.status).toBe(404);
    const nobody = await h.call("POST", "/_sandbox/user-preferences", {
      phone_number_id: PHONE_NUMBER_ID,
      value: "stop",
    });
    expect(nobody.status).toBe(400);
  });
});
