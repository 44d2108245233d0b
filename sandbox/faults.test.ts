import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { graphErrorOf, type Harness, PHONE_NUMBER_ID, startHarness } from "@/sandbox/test-support";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    enforce_window: false,
    status_delays_ms: { sent: null, delivered: null, read: null },
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.call("DELETE", "/_sandbox/faults");
});

const text = { type: "text", text: { body: "hi" } };

describe("injected faults", () => {
  it("fails the next sends with a transient 500 by default, then lets them through", async () => {
    expect((await h.call("POST", "/_sandbox/faults", { count: 2 })).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const answer = await h.send(text);
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        error: {
          message: "An unknown error has occurred.",
          type: "OAuthException",
          code: 1,
          is_transient: true,
          fbtrace_id: expect.any(String),
        },
      });
    }
    expect((await h.send(text)).status).toBe(200);
  });

  it("answers 503 with code 2", async () => {
    await h.call("POST", "/_sandbox/faults", { count: 1, status: 503 });
    expect(await h.send(text)).toMatchObject({
      status: 503,
      body: { error: { code: 2, is_transient: true } },
    });
  });

  it("answers the error object given, bare or wrapped", async () => {
    const error = {
      message: "(#131000) Something went wrong",
      type: "OAuthException",
      code: 131000,
      error_data: { messaging_product: "whatsapp", details: "Something went wrong" },
    };
    await h.call("POST", "/_sandbox/faults", { count: 1, status: 500, error });
    await h.call("POST", "/_sandbox/faults", { count: 1, status: 400, error: { error } });
    expect(await h.send(text)).toMatchObject({ status: 500, body: { error } });
    expect(await h.send(text)).toMatchObject({ status: 400, body: { error } });
  });

  it("matches a phone number when one is named", async () => {
    await h.call("POST", "/_sandbox/faults", { phone_number_id: "someone-else", count: 1 });
    expect((await h.send(text)).status).toBe(200);
    await h.call("POST", "/_sandbox/faults", { phone_number_id: PHONE_NUMBER_ID, count: 1 });
    expect((await h.send(text)).status).toBe(500);
  });

  it("stalls a send before answering it normally, and the request is recorded on arrival", async () => {
    await h.call("POST", "/_sandbox/faults", { count: 1, delay_ms: 300 });
    const pending = h.send({ ...text, text: { body: "stalled" } });
    await new Promise((r) => setTimeout(r, 100));
    const during = await h.call("GET", `/_sandbox/messages?phone_number_id=${PHONE_NUMBER_ID}`);
    const entry = (
      during.body as { data: Array<{ body: { text?: { body: string } }; result: number | null }> }
    ).data.find((r) => r.body.text?.body === "stalled");
    expect(entry?.result).toBeNull();
    expect((await pending).status).toBe(200);
    const after = await h.call("GET", `/_sandbox/messages?phone_number_id=${PHONE_NUMBER_ID}`);
    const answered = (
      after.body as { data: Array<{ body: { text?: { body: string } }; result: number | null }> }
    ).data.find((r) => r.body.text?.body === "stalled");
    expect(answered?.result).toBe(200);
  });

  it("stalls and then fails when both are asked for", async () => {
    await h.call("POST", "/_sandbox/faults", { count: 1, delay_ms: 50, status: 502 });
    expect((await h.send(text)).status).toBe(502);
  });

  it("lists and deletes faults", async () => {
    await h.call("POST", "/_sandbox/faults", { count: 3 });
    expect(await h.call("GET", "/_sandbox/faults")).toMatchObject({
      body: { data: [{ remaining: 3, status: 500 }] },
    });
    expect(await h.call("DELETE", "/_sandbox/faults")).toMatchObject({ body: { deleted: 1 } });
    expect((await h.send(text)).status).toBe(200);
  });

  it("refuses a bad fault", async () => {
    expect((await h.call("POST", "/_sandbox/faults", { count: 0 })).status).toBe(400);
  });
});

describe("faults that name only a known Cloud API code", () => {
  it.each([
    [131049, "(#131049) This message was not delivered to maintain healthy ecosystem engagement."],
    [131056, "(#131056) (Business Account, Consumer Account) pair rate limit hit"],
    [131057, "(#131057) Account has been put in maintenance mode"],
    [130429, "(#130429) Rate limit hit"],
    [131026, "(#131026) Message undeliverable"],
  ])("code %i gets Meta's wording and error_data, not transient", async (code, message) => {
    await h.call("POST", "/_sandbox/faults", { count: 1, status: 400, error: { code } });
    const answer = await h.send(text);
    expect(answer.status).toBe(400);
    expect(graphErrorOf(answer)).toMatchObject({
      code,
      message,
      type: "OAuthException",
      error_data: { messaging_product: "whatsapp", details: expect.any(String) },
    });
    expect(graphErrorOf(answer)).not.toHaveProperty("is_transient");
  });
});
