import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Harness,
  startHarness,
  statusesReceived,
  WABA_ID,
  waitFor,
  wamidOf,
} from "@/sandbox/test-support";

let h: Harness;

const TEMPLATES = [
  { name: "promo", language: "en_US", status: "APPROVED", category: "MARKETING", components: [] },
  { name: "otp", language: "en_US", status: "APPROVED", category: "AUTHENTICATION", components: [] },
  { name: "notice", language: "en_US", status: "APPROVED", category: "UTILITY", components: [] },
];

beforeAll(async () => {
  h = await startHarness({ status_delays_ms: { sent: 0, delivered: 5, read: null } });
  const put = await h.call("PUT", `/_sandbox/templates/${WABA_ID}`, { data: TEMPLATES });
  expect(put.status).toBe(200);
});
afterAll(() => h.close());

const send = (name: string) => h.send({ type: "template", template: { name, language: { code: "en_US" } } });
const pace = (name: string, message_status: string) =>
  h.call("PUT", `/_sandbox/template-pacing/${WABA_ID}/${name}`, { message_status });
const release = (name: string, outcome: "send" | "drop") =>
  h.call("POST", `/_sandbox/template-pacing/${WABA_ID}/${name}/release`, { outcome });
const statusesOf = (wamid: string) => statusesReceived(h.receiver).filter((s) => s.id === wamid);

describe("template pacing (/_sandbox/template-pacing)", () => {
  it("answers held_for_quality_assessment and posts no status until the held message is released", async () => {
    expect((await pace("promo", "held_for_quality_assessment")).status).toBe(200);
    const answer = await send("promo");
    expect(answer.status).toBe(200);
    expect((answer.body as { messages: unknown[] }).messages).toEqual([
      { id: wamidOf(answer), message_status: "held_for_quality_assessment" },
    ]);
    const wamid = wamidOf(answer);
    // a plain send after it gets its statuses: the held one still has none
    const plain = wamidOf(await send("notice"));
    await waitFor(() => (statusesOf(plain).some((s) => s.status === "delivered") ? true : undefined));
    expect(statusesOf(wamid)).toEqual([]);

    const released = await release("promo", "send");
    expect(released.body).toMatchObject({ count: 1, message_ids: [wamid] });
    await waitFor(() => (statusesOf(wamid).some((s) => s.status === "delivered") ? true : undefined));
    expect(statusesOf(wamid).map((s) => s.status)).toEqual(["sent", "delivered"]);
  });

  it("drops a held message with a failed status (132015); paused is held too; authentication is never paced", async () => {
    await pace("promo", "paused");
    const answer = await send("promo");
    expect((answer.body as { messages: { message_status?: string }[] }).messages[0]?.message_status).toBe(
      "paused",
    );
    await release("promo", "drop");
    const wamid = wamidOf(answer);
    const failed = await waitFor(() => statusesOf(wamid).find((s) => s.status === "failed"));
    expect(failed.errors?.[0]?.code).toBe(132015);

    await pace("otp", "held_for_quality_assessment");
    const otp = await send("otp");
    expect((otp.body as { messages: object[] }).messages[0]).not.toHaveProperty("message_status");

    await pace("promo", "accepted");
    const again = await send("promo");
    expect((again.body as { messages: object[] }).messages[0]).not.toHaveProperty("message_status");
  });

  it("refuses an unknown message_status", async () => {
    expect((await pace("promo", "sent")).status).toBe(400);
  });
});
