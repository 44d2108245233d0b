import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "@/sandbox/server";
import {
  APP_SECRET,
  CUSTOMER,
  CUSTOMER_WA_ID,
  PHONE_NUMBER_ID,
  type Receiver,
  startReceiver,
  TOKEN,
  VERIFY_TOKEN,
  WABA_ID,
  waitFor,
} from "@/sandbox/test-support";

let dir: string;
let receiver: Receiver;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sandbox-state-"));
  receiver = await startReceiver(VERIFY_TOKEN);
});
afterAll(async () => {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(sandbox: Sandbox, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const sendText = (sandbox: Sandbox, body: string) =>
  call(
    sandbox,
    "POST",
    `/v23.0/${PHONE_NUMBER_ID}/messages`,
    { messaging_product: "whatsapp", to: CUSTOMER, type: "text", text: { body } },
    TOKEN,
  );

describe("the sandbox keeps its state across restarts (dataDir)", () => {
  it("phone numbers, templates, the customer's last message, media and sent messages are there after a restart", async () => {
    const first = await startSandbox({ logLevel: "silent", dataDir: dir });
    await call(first, "PUT", "/_sandbox/app", {
      webhook_url: receiver.url,
      app_secret: APP_SECRET,
      verify_token: VERIFY_TOKEN,
    });
    await call(first, "PUT", `/_sandbox/phone-numbers/${PHONE_NUMBER_ID}`, {
      waba_id: WABA_ID,
      display_phone_number: "+1 555-078-3881",
      access_token: TOKEN,
    });
    await call(first, "PUT", `/_sandbox/templates/${WABA_ID}`, {
      data: [{ name: "welcome", language: "en", status: "APPROVED", category: "MARKETING", components: [] }],
    });
    const inbound = await call(first, "POST", "/_sandbox/inbound", {
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
      message: { type: "image", image: { caption: "receipt" } },
    });
    expect(inbound.status).toBe(200);
    const imageMessage = await waitFor(() =>
      receiver.received
        .map((r) => JSON.stringify(r.body))
        .find((raw) => raw.includes('"image"') && raw.includes("receipt")),
    );
    const mediaId = String(JSON.parse(imageMessage).entry[0].changes[0].value.messages[0].image.id);
    const sent = await sendText(first, "before the restart");
    expect(sent.status).toBe(200);
    // a template WhatsApp holds (template pacing) is still held, and releasable, after the restart
    await call(first, "PUT", `/_sandbox/template-pacing/${WABA_ID}/welcome`, {
      message_status: "held_for_quality_assessment",
    });
    const held = await call(
      first,
      "POST",
      `/v23.0/${PHONE_NUMBER_ID}/messages`,
      {
        messaging_product: "whatsapp",
        to: CUSTOMER,
        type: "template",
        template: { name: "welcome", language: { code: "en" } },
      },
      TOKEN,
    );
    expect(held.body.messages[0].message_status).toBe("held_for_quality_assessment");
    await first.close();

    const second = await startSandbox({ logLevel: "silent", dataDir: dir });
    try {
      // the customer wrote minutes ago, not never: the window is still open (no 131047)
      const again = await sendText(second, "after the restart");
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const recorded = await call(second, "GET", `/_sandbox/messages?phone_number_id=${PHONE_NUMBER_ID}`);
      expect(recorded.body.data.map((r: { body: { text?: { body: string } } }) => r.body.text?.body)).toEqual(
        ["before the restart", undefined, "after the restart"],
      );
      const templates = await call(second, "GET", `/v23.0/${WABA_ID}/message_templates`, undefined, TOKEN);
      expect(templates.body.data.map((t: { name: string }) => t.name)).toEqual(["welcome"]);
      const media = await call(second, "GET", `/v23.0/${mediaId}`, undefined, TOKEN);
      expect(media.status).toBe(200);
      expect(media.body.id).toBe(mediaId);
      const app = await call(second, "GET", "/_sandbox/app");
      expect(app.body.webhook_url).toBe(receiver.url);
      const released = await call(second, "POST", `/_sandbox/template-pacing/${WABA_ID}/welcome/release`, {});
      expect(released.body).toMatchObject({ count: 1, message_ids: [held.body.messages[0].id] });
    } finally {
      await second.close();
    }
  });

  it("a damaged state file is set aside and the sandbox starts empty", async () => {
    const damaged = mkdtempSync(join(tmpdir(), "sandbox-state-"));
    writeFileSync(join(damaged, "state.json"), "{ not json");
    const sandbox = await startSandbox({ logLevel: "silent", dataDir: damaged });
    try {
      const app = await call(sandbox, "GET", "/_sandbox/app");
      expect(app.status).toBe(200);
      await call(sandbox, "PUT", `/_sandbox/phone-numbers/${PHONE_NUMBER_ID}`, {
        waba_id: WABA_ID,
        display_phone_number: "+1 555-078-3881",
        access_token: TOKEN,
      });
    } finally {
      await sandbox.close();
    }
    expect(JSON.parse(readFileSync(join(damaged, "state.json"), "utf8")).phoneNumbers).toHaveLength(1);
    rmSync(damaged, { recursive: true, force: true });
  });
});
