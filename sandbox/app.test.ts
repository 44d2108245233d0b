import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "@/sandbox/server";
import { type Receiver, startReceiver } from "@/sandbox/test-support";

let sandbox: Sandbox;
let receiver: Receiver;

beforeAll(async () => {
  sandbox = await startSandbox({ logLevel: "silent" });
  receiver = await startReceiver("right-token");
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe("PUT /_sandbox/app", () => {
  it("refuses a webhook URL that fails the verification handshake, and stores nothing", async () => {
    const answer = await call("PUT", "/_sandbox/app", {
      webhook_url: receiver.url,
      app_secret: "s",
      verify_token: "wrong-token",
      enforce_window: false,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: {
        code: 2200,
        message: expect.stringContaining("callback verification failed: Received HTTP code 403"),
      },
    });
    expect(await call("GET", "/_sandbox/app")).toMatchObject({
      body: { settings: { enforce_window: true } },
    });
    expect((await call("GET", "/_sandbox/app")).body).not.toHaveProperty("webhook_url");
  });

  it("refuses an unreachable webhook URL", async () => {
    const answer = await call("PUT", "/_sandbox/app", {
      webhook_url: "http://127.0.0.1:1/hook",
      app_secret: "s",
      verify_token: "right-token",
    });
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 2200 } } });
  });

  it("verifies and stores the app when the challenge is echoed", async () => {
    const answer = await call("PUT", "/_sandbox/app", {
      webhook_url: receiver.url,
      app_secret: "s",
      verify_token: "right-token",
      status_delays_ms: { read: null },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      webhook_url: receiver.url,
      verify_token: "right-token",
      settings: { status_delays_ms: { sent: 50, delivered: 200, read: null }, enforce_window: true },
    });
  });

  it("never answers the app secret: it signs every notification, so it is write-only", async () => {
    const read = await call("GET", "/_sandbox/app");
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ webhook_url: receiver.url, app_secret_set: true });
    expect(read.body).not.toHaveProperty("app_secret");
    const written = await call("PUT", "/_sandbox/app", { app_secret: "a-new-secret" });
    expect(written.status).toBe(200);
    expect(written.body).not.toHaveProperty("app_secret");
    expect(JSON.stringify([read.body, written.body])).not.toMatch(/a-new-secret/);
  });

  it("updates settings alone without a new handshake", async () => {
    const answer = await call("PUT", "/_sandbox/app", { enforce_window: false });
    expect(answer).toMatchObject({
      status: 200,
      body: { webhook_url: receiver.url, settings: { enforce_window: false } },
    });
  });

  it("wants all three app fields the first time and refuses unknown settings", async () => {
    const fresh = await startSandbox({ logLevel: "silent" });
    const response = await fetch(`${fresh.url}/_sandbox/app`, {
      method: "PUT",
      body: JSON.stringify({ webhook_url: receiver.url }),
    });
    expect(response.status).toBe(400);
    await fresh.close();
    expect((await call("PUT", "/_sandbox/app", { enforce_windows: false })).status).toBe(400);
  });

  it("forgets everything on reset", async () => {
    await call("PUT", "/_sandbox/phone-numbers/1", {
      waba_id: "2",
      display_phone_number: "+1 555",
      access_token: "t",
    });
    expect(await call("POST", "/_sandbox/reset")).toMatchObject({ status: 200, body: { success: true } });
    expect((await call("GET", "/_sandbox/app")).body).not.toHaveProperty("webhook_url");
    const send = await fetch(`${sandbox.url}/v23.0/1/messages`, {
      method: "POST",
      headers: { authorization: "Bearer t" },
    });
    expect(send.status).toBe(401);
  });
});
