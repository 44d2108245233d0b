import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type Harness,
  PHONE_NUMBER_ID,
  startHarness,
  TOKEN,
  valuesReceived,
  WABA_ID,
  waitFor,
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
    data: [
      { name: "welcome", language: "en", status: "APPROVED", category: "UTILITY", components: [] },
      { name: "login_code", language: "en", status: "APPROVED", category: "AUTHENTICATION", components: [] },
    ],
  });
});

const USER = "US.13491208655302741918";
const text = { type: "text", text: { body: "hello" } };

const sendTo = (body: Record<string, unknown>) =>
  h.call("POST", `/v23.0/${PHONE_NUMBER_ID}/messages`, { messaging_product: "whatsapp", ...body }, TOKEN);

async function userWrites(): Promise<void> {
  const r = await h.call("POST", "/_sandbox/inbound", {
    phone_number_id: PHONE_NUMBER_ID,
    user_id: USER,
    message: { type: "text", text: { body: "hi, no number" } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe("a user known only by business-scoped user id (recipient)", () => {
  it("an inbound with user_id and no from: the notification carries from_user_id and user_id, no number", async () => {
    await userWrites();
    const value = await waitFor(() => valuesReceived(h.receiver).find((v) => Array.isArray(v.messages)));
    expect(value.contacts).toEqual([{ profile: { name: "Sandbox User" }, user_id: USER }]);
    const [message] = value.messages as Record<string, unknown>[];
    expect(message).toMatchObject({ from_user_id: USER, type: "text" });
    expect(message).not.toHaveProperty("from");
  });

  it("an inbound with neither from nor user_id is refused", async () => {
    const r = await h.call("POST", "/_sandbox/inbound", {
      phone_number_id: PHONE_NUMBER_ID,
      message: { type: "text", text: { body: "who am I" } },
    });
    expect(r.status).toBe(400);
  });

  it("a send by recipient once the user wrote → 200 with the user id in contacts", async () => {
    await userWrites();
    const answer = await sendTo({ recipient: USER, ...text });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ contacts: [{ input: USER, user_id: USER }] });
  });

  it("a recipient that never wrote to this number → 400 code 100", async () => {
    const answer = await sendTo({ recipient: USER, ...text });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 100 } });
  });

  it("the window is by user: 131047 when the user wrote more than 24 hours ago", async () => {
    await userWrites();
    // the window of a user id is the same map as a wa_id's; age it through the state directly
    for (const key of h.sandbox.state.lastInbound.keys()) h.sandbox.state.lastInbound.set(key, 0);
    const answer = await sendTo({ recipient: USER, ...text });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 131047 } });
  });

  it("to and recipient together → 400 code 100", async () => {
    await userWrites();
    const answer = await sendTo({ to: "16505551234", recipient: USER, ...text });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 100 } });
  });

  it("templates: a utility one is sent, an authentication one → 131062", async () => {
    await userWrites();
    const utility = await sendTo({
      recipient: USER,
      type: "template",
      template: { name: "welcome", language: { code: "en" } },
    });
    expect(utility.status, JSON.stringify(utility.body)).toBe(200);
    const auth = await sendTo({
      recipient: USER,
      type: "template",
      template: { name: "login_code", language: { code: "en" } },
    });
    expect(auth.status).toBe(400);
    expect(auth.body).toMatchObject({
      error: {
        code: 131062,
        message: "(#131062) Authentication templates cannot be sent to business-scoped user IDs",
      },
    });
  });
});
