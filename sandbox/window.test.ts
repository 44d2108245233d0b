import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CUSTOMER_WA_ID,
  customerWrites,
  type Harness,
  startHarness,
  statusesReceived,
  WABA_ID,
  waitFor,
  wamidOf,
} from "@/sandbox/test-support";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.call("POST", "/_sandbox/reset", { keep_config: true });
  await h.call("PUT", "/_sandbox/app", { enforce_window: true, async_errors: false });
  await h.call("PUT", `/_sandbox/templates/${WABA_ID}`, {
    data: [{ name: "welcome", language: "en", status: "APPROVED", category: "MARKETING", components: [] }],
  });
});

const text = { type: "text", text: { body: "hello" } };

describe("the 24-hour customer service window (131047)", () => {
  it("refuses free-form messages to someone who never wrote", async () => {
    const answer = await h.send(text);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: {
        message: "(#131047) Re-engagement message",
        code: 131047,
        error_data: {
          messaging_product: "whatsapp",
          details:
            "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
        },
      },
    });
  });

  it("accepts them once the customer wrote", async () => {
    await customerWrites(h);
    expect((await h.send(text)).status).toBe(200);
  });

  it("never applies to templates", async () => {
    expect(
      (await h.send({ type: "template", template: { name: "welcome", language: { code: "en" } } })).status,
    ).toBe(200);
  });

  it("can be switched off", async () => {
    await h.call("PUT", "/_sandbox/app", { enforce_window: false });
    expect((await h.send(text)).status).toBe(200);
  });

  it("reports it in a failed status instead, with async_errors", async () => {
    await h.call("PUT", "/_sandbox/app", { async_errors: true });
    const id = wamidOf(await h.send({ ...text, biz_opaque_callback_data: "m1" }));
    const failed = await waitFor(() => statusesReceived(h.receiver).find((s) => s.id === id));
    expect(failed).toMatchObject({
      status: "failed",
      recipient_id: CUSTOMER_WA_ID,
      biz_opaque_callback_data: "m1",
      errors: [{ code: 131047, title: "Re-engagement message", error_data: { details: expect.any(String) } }],
    });
  });
});
