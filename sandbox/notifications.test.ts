import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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
  h = await startHarness({ enforce_window: false });
});
afterAll(() => h.close());
beforeEach(async () => {
  h.receiver.received.length = 0;
  h.receiver.answer.status = 200;
  await h.call("PUT", "/_sandbox/app", {
    status_delays_ms: { sent: 10, delivered: 40, read: 200 },
    reorder: false,
    duplicate_rate: 0,
    skip_delivered_when_read_fast: true,
    webhook_retry_delays_ms: [50],
  });
});

const text = { type: "text", text: { body: "hi" } };
const statusesOf = (id: string) => statusesReceived(h.receiver).filter((s) => s.id === id);

describe("status notifications", () => {
  it("posts sent, delivered, read in order, signed and in the real shape, echoing biz_opaque_callback_data", async () => {
    const id = wamidOf(await h.send({ ...text, biz_opaque_callback_data: "msg_42" }));
    await waitFor(() => (statusesOf(id).length === 3 ? true : undefined));
    expect(statusesOf(id).map((s) => s.status)).toEqual(["sent", "delivered", "read"]);
    for (const r of h.receiver.received) {
      expect(r.headers["x-hub-signature-256"]).toBe(sign(r.raw));
      expect(r.headers["content-type"]).toBe("application/json");
    }
    const [first] = h.receiver.received;
    expect(first?.body).toEqual({
      object: "whatsapp_business_account",
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: PHONE_NUMBER_ID },
                statuses: [
                  {
                    id,
                    status: "sent",
                    timestamp: expect.stringMatching(/^\d{10}$/),
                    recipient_id: CUSTOMER_WA_ID,
                    biz_opaque_callback_data: "msg_42",
                    // since October 2026 Meta bills service messages too (pricing updates page)
                    pricing: {
                      billable: true,
                      pricing_model: "PMP",
                      category: "service",
                      type: "regular",
                    },
                  },
                ],
              },
              field: "messages",
            },
          ],
        },
      ],
    });
    expect(statusesOf(id)[2]?.pricing).toBeUndefined();
  });

  it("skips a status whose delay is null", async () => {
    await h.call("PUT", "/_sandbox/app", { status_delays_ms: { sent: 10, delivered: null, read: 60 } });
    const id = wamidOf(await h.send(text));
    await waitFor(() => (statusesOf(id).length === 2 ? true : undefined));
    await new Promise((r) => setTimeout(r, 100));
    expect(statusesOf(id).map((s) => s.status)).toEqual(["sent", "read"]);
  });

  it("skips delivered when the message is read at once", async () => {
    await h.call("PUT", "/_sandbox/app", { status_delays_ms: { sent: 10, delivered: 30, read: 40 } });
    const id = wamidOf(await h.send(text));
    await waitFor(() => (statusesOf(id).some((s) => s.status === "read") ? true : undefined));
    await new Promise((r) => setTimeout(r, 50));
    expect(statusesOf(id).map((s) => s.status)).toEqual(["sent", "read"]);
  });

  it("reorders when asked", async () => {
    await h.call("PUT", "/_sandbox/app", {
      reorder: true,
      status_delays_ms: { sent: 10, delivered: 20, read: 300 },
    });
    const id = wamidOf(await h.send(text));
    await waitFor(() => (statusesOf(id).length === 3 ? true : undefined));
    expect(statusesOf(id).map((s) => s.status)).toEqual(["read", "delivered", "sent"]);
  });

  it("duplicates when asked", async () => {
    await h.call("PUT", "/_sandbox/app", {
      duplicate_rate: 1,
      status_delays_ms: { sent: 10, delivered: null, read: null },
    });
    const id = wamidOf(await h.send(text));
    await waitFor(() => (statusesOf(id).length === 2 ? true : undefined));
    expect(h.receiver.received[0]?.raw).toBe(h.receiver.received[1]?.raw);
  });

  it("retries a notification the app did not accept, with the same body and signature", async () => {
    h.receiver.answer.status = 500;
    await h.call("PUT", "/_sandbox/app", { status_delays_ms: { sent: 10, delivered: null, read: null } });
    const id = wamidOf(await h.send(text));
    await waitFor(() => (statusesOf(id).length === 2 ? true : undefined));
    const [a, b] = h.receiver.received;
    expect(a?.raw).toBe(b?.raw);
    expect(a?.headers["x-hub-signature-256"]).toBe(b?.headers["x-hub-signature-256"]);
  });

  it("posts a status on demand, failed with errors", async () => {
    await h.call("PUT", "/_sandbox/app", { status_delays_ms: { sent: null, delivered: null, read: null } });
    const id = wamidOf(await h.send({ ...text, biz_opaque_callback_data: "m9" }));
    const answer = await h.call("POST", "/_sandbox/statuses", {
      message_id: id,
      status: "failed",
      errors: [{ code: 131026 }],
    });
    expect(answer).toMatchObject({ status: 200, body: { id, status: 200 } });
    expect(statusesOf(id)).toEqual([
      {
        id,
        status: "failed",
        timestamp: expect.any(String),
        recipient_id: CUSTOMER_WA_ID,
        biz_opaque_callback_data: "m9",
        errors: [
          {
            code: 131026,
            title: "Message undeliverable",
            message: "Message undeliverable",
            error_data: { details: "Message undeliverable" },
            href: expect.stringContaining("developers.facebook.com"),
          },
        ],
      },
    ]);
    expect(
      (await h.call("POST", "/_sandbox/statuses", { message_id: "wamid.nope", status: "read" })).status,
    ).toBe(404);
  });

  it("prices a template by its category", async () => {
    await h.call("PUT", `/_sandbox/templates/${WABA_ID}`, {
      data: [{ name: "promo", language: "en", status: "APPROVED", category: "MARKETING", components: [] }],
    });
    await h.call("PUT", "/_sandbox/app", { status_delays_ms: { sent: 10, delivered: null, read: null } });
    const id = wamidOf(
      await h.send({ type: "template", template: { name: "promo", language: { code: "en" } } }),
    );
    const sent = await waitFor(() => statusesOf(id)[0]);
    expect(sent.pricing).toEqual({
      billable: true,
      pricing_model: "PMP",
      category: "marketing",
      type: "regular",
    });
  });
});
