import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphErrorOf, type Harness, PHONE_NUMBER_ID, startHarness, TOKEN } from "@/sandbox/test-support";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ enforce_window: false });
  await h.call("PUT", "/_sandbox/phone-numbers/200000000000001", {
    waba_id: "300000000000001",
    display_phone_number: "+1 555-000-0001",
    access_token: "other-token",
  });
});
afterAll(() => h.close());

const text = { type: "text", text: { body: "hi" } };

describe("Graph access tokens", () => {
  it("answers 401 code 190 for a token nobody registered", async () => {
    const answer = await h.send(text, "not-a-token");
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      error: {
        message: "Invalid OAuth access token - Cannot parse access token",
        type: "OAuthException",
        code: 190,
        fbtrace_id: expect.any(String),
      },
    });
    expect(answer.headers.get("www-authenticate")).toContain("invalid_token");
  });

  it("answers 400 code 104 without a token", async () => {
    const answer = await h.send(text, null);
    expect(answer.status).toBe(400);
    expect(graphErrorOf(answer).code).toBe(104);
  });

  it("accepts the token as access_token query parameter too", async () => {
    const answer = await h.call("POST", `/v23.0/${PHONE_NUMBER_ID}/messages?access_token=${TOKEN}`, {
      messaging_product: "whatsapp",
      to: "16505551234",
      ...text,
    });
    expect(answer.status).toBe(200);
  });

  it("refuses another phone number's token with code 100 subcode 33, as Graph does for objects it cannot see", async () => {
    const answer = await h.send(text, "other-token");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 100, error_subcode: 33 } });
    expect(graphErrorOf(answer).message).toContain(`Object with ID '${PHONE_NUMBER_ID}' does not exist`);
  });

  it("refuses an unknown phone number id the same way", async () => {
    const answer = await h.call("POST", "/v23.0/999/messages", { messaging_product: "whatsapp" }, TOKEN);
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 100, error_subcode: 33 } } });
  });

  it("answers 404 in the Graph error shape for unknown paths", async () => {
    const answer = await h.call("GET", "/v23.0/123/unknown_edge", undefined, TOKEN);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      error: { type: "OAuthException", code: 2500, fbtrace_id: expect.any(String) },
    });
  });

  it("reads the phone number with its token", async () => {
    const answer = await h.call(
      "GET",
      `/v23.0/${PHONE_NUMBER_ID}?fields=display_phone_number,quality_rating`,
      undefined,
      TOKEN,
    );
    expect(answer.body).toEqual({
      display_phone_number: "+1 555-078-3881",
      quality_rating: "GREEN",
      id: PHONE_NUMBER_ID,
    });
  });
});
