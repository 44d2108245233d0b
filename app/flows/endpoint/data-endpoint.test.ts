import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { TEST_ENV } from "@/scripts/test/env";
import {
  type AnyJson,
  api,
  BASE_URL,
  createTestChannel,
  createTestOrg,
  eventually,
  expectError,
  sandbox,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { digits, readySender, type Sender, send } from "@/scripts/test/send-helpers";
import { TestReceiver, verifyServiceSignature } from "@/scripts/test/test-receiver";

/**
 * The hosted Flows data endpoint through the public API and the sandbox playing WhatsApp's
 * client (POST /_sandbox/flows/data-exchange): it encrypts with the key the product uploaded,
 * signs with the app secret, calls the channel's endpoint and decrypts the answer.
 */
let receiver: TestReceiver;
let org: TestOrg;
let channel: TestChannel;
let settings: AnyJson;

const path = (c: TestChannel) => `/v1/whatsapp/channels/${c.channelId}/flow-endpoint`;

function exchange(c: TestChannel, endpointUrl: string, extra: Record<string, unknown> = {}) {
  return sandbox("/_sandbox/flows/data-exchange", "POST", {
    phone_number_id: c.phoneNumberId,
    endpoint_uri: endpointUrl,
    ...extra,
  });
}

beforeAll(async () => {
  receiver = await TestReceiver.start();
  org = await createTestOrg();
  channel = await createTestChannel(org.orgId);
  const res = await api(path(channel), {
    key: org.key,
    method: "PATCH",
    body: { receiver_url: receiver.url },
  });
  expect(res.status, res.text).toBe(200);
  settings = res.body.data;
});

afterAll(async () => {
  await receiver.down();
});

describe("the channel's data endpoint settings", () => {
  it("makes and uploads a key pair, and shows the URL WhatsApp must call", async () => {
    expect(settings).toMatchObject({
      channel_id: channel.channelId,
      endpoint_url: `${BASE_URL}/flows/endpoint/${channel.channelId}`,
      receiver_url: receiver.url,
      has_secret: true,
      key_upload_error: null,
    });
    expect(settings.secret).toMatch(/^whsec_/);
    expect(settings.public_key_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(settings.public_key_uploaded_at)).not.toBeNaN();
    const uploaded = await fetch(
      `http://127.0.0.1:${TEST_ENV.sandboxPort}/v23.0/${channel.phoneNumberId}/whatsapp_business_encryption`,
      { headers: { authorization: `Bearer ${channel.token}` } },
    );
    const body = (await uploaded.json()) as AnyJson;
    expect(body.data[0]).toEqual({
      business_public_key: settings.public_key,
      business_public_key_signature_status: "VALID",
    });
    const read = await api(path(channel), { key: org.key });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ public_key: settings.public_key, has_secret: true });
    expect(read.body.data).not.toHaveProperty("secret");
    expect(read.text).not.toMatch(/PRIVATE KEY/);
  });

  it("refuses a private receiver URL like webhook URLs", async () => {
    const res = await api(path(channel), {
      key: org.key,
      method: "PATCH",
      body: { receiver_url: "http://169.254.169.254/latest" },
    });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect(res.body.error.details.field).toBe("receiver_url");
  });
});

describe("POST /flows/endpoint/{channelId}", () => {
  it("answers ping itself, encrypted with the flipped IV", async () => {
    const before = receiver.received.length;
    const res = await exchange(channel, settings.endpoint_url, { action: "ping" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 200, response: { data: { status: "active" } } });
    expect(receiver.received.length).toBe(before);
    // the product's own share of the round trip, in /metrics
    const metrics = await fetch(`${BASE_URL}/metrics`, {
      headers: { authorization: `Bearer ${TEST_ENV.metricsToken}` },
    });
    const line = (await metrics.text())
      .split("\n")
      .find((l) =>
        l.startsWith('messaging_flow_endpoint_overhead_seconds_count{action="ping",status="200"}'),
      );
    expect(Number(line?.split(" ").at(-1))).toBeGreaterThan(0);
  });

  it("forwards a data_exchange as signed plain JSON and encrypts the receiver's answer", async () => {
    receiver.answer = () => ({
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ screen: "SLOTS", data: { slots: ["09:00", "10:30"] } }),
    });
    const token = `tok-${Date.now()}`;
    const res = await exchange(channel, settings.endpoint_url, {
      action: "data_exchange",
      screen: "DAY",
      data: { day: "2026-12-01" },
      flow_token: token,
    });
    expect(res.body).toMatchObject({
      status: 200,
      response: { screen: "SLOTS", data: { slots: ["09:00", "10:30"] } },
    });
    const got = receiver.received.find((r) => r.body?.flow_token === token);
    expect(got?.body).toEqual({
      version: "3.0",
      action: "data_exchange",
      screen: "DAY",
      data: { day: "2026-12-01" },
      flow_token: token,
    });
    expect(got?.headers["x-service-event"]).toBe("flow.data_exchange");
    expect(got?.headers["x-service-channel-id"]).toBe(channel.channelId);
    expect(got && verifyServiceSignature(settings.secret, got)).toBe(true);
  });

  it("relays the receiver's 427 (flow token no longer valid) with its message", async () => {
    receiver.answer = () => ({ status: 427, body: JSON.stringify({ error_msg: "This booking expired" }) });
    const res = await exchange(channel, settings.endpoint_url, { action: "INIT" });
    expect(res.body.status).toBe(427);
    expect(JSON.parse(res.body.body)).toEqual({ error_msg: "This booking expired" });
  });

  it("answers 504 when the receiver does not answer in time (8 s), without waiting on it further", async () => {
    receiver.answer = () => ({ status: 200, body: "{}", delayMs: 9_500 });
    const res = await exchange(channel, settings.endpoint_url, { action: "INIT", flow_token: "slow" });
    expect(res.body.status).toBe(504);
    expect(res.body.body).toBe("The business receiver did not answer in time.");
    receiver.answer = () => ({ status: 200, body: "{}" });
  }, 30_000);

  it("answers 502 when the receiver fails, without internals", async () => {
    receiver.answer = () => ({ status: 500, body: "Traceback: secret internals" });
    const res = await exchange(channel, settings.endpoint_url, { action: "INIT" });
    expect(res.body.status).toBe(502);
    expect(res.body.body).not.toContain("internals");
  });

  it("answers 421 for a request encrypted with another key, 432 for a bad signature", async () => {
    const wrong = await exchange(channel, settings.endpoint_url, { action: "ping", wrong_key: true });
    expect(wrong.body.status).toBe(421);
    const unsigned = await exchange(channel, settings.endpoint_url, { action: "ping", bad_signature: true });
    expect(unsigned.body.status).toBe(432);
    const raw = await fetch(settings.endpoint_url, { method: "POST", body: "{}" });
    expect(raw.status).toBe(432);
    expect(await raw.text()).not.toMatch(/at \w+ \(/);
  });

  it("rotates the key: the new one is uploaded, the old one still opens for a while", async () => {
    const old = settings.public_key;
    const res = await api(`${path(channel)}/rotate-key`, { key: org.key, method: "POST", body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.public_key).not.toBe(old);
    expect(res.body.data.public_key_fingerprint).not.toBe(settings.public_key_fingerprint);
    const fresh = await exchange(channel, settings.endpoint_url, { action: "ping" });
    expect(fresh.body).toMatchObject({ status: 200, response: { data: { status: "active" } } });
    const cached = await exchange(channel, settings.endpoint_url, { action: "ping", public_key: old });
    expect(cached.body.status).toBe(200);
    settings = { ...settings, ...res.body.data };
  });
});

describe("the endpoint's edges", () => {
  it("503 without a receiver, 502 when it is unreachable, 404 for no channel, 413 over the limit", async () => {
    const bare = await createTestChannel(org.orgId);
    const set = await api(path(bare), { key: org.key, method: "PATCH", body: {} });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data).toMatchObject({ receiver_url: null, has_secret: false });
    expect(set.body.data).not.toHaveProperty("secret");
    expect((await exchange(bare, set.body.data.endpoint_url, { action: "INIT" })).body.status).toBe(503);
    // ping needs no receiver
    expect((await exchange(bare, set.body.data.endpoint_url, { action: "ping" })).body.status).toBe(200);

    const gone = await TestReceiver.start(false);
    await api(path(bare), { key: org.key, method: "PATCH", body: { receiver_url: gone.url } });
    expect((await exchange(bare, set.body.data.endpoint_url, { action: "INIT" })).body.status).toBe(502);

    const nowhere = await exchange(bare, `${BASE_URL}/flows/endpoint/not-a-channel`, { action: "ping" });
    expect(nowhere.body.status).toBe(404);
    const huge = await fetch(settings.endpoint_url, {
      method: "POST",
      headers: { "content-length": String(2 * 1024 * 1024) },
      body: "x".repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
  });
});

describe("two organizations", () => {
  it("B cannot read or change A's endpoint, and B's key cannot open a request for A's channel", async () => {
    const other = await createTestOrg();
    const theirs = await createTestChannel(other.orgId);
    const setB = await api(path(theirs), {
      key: other.key,
      method: "PATCH",
      body: { receiver_url: receiver.url },
    });
    expect(setB.status, setB.text).toBe(200);

    expectError(await api(path(channel), { key: other.key }), 404, "RESOURCE_NOT_FOUND");
    expectError(
      await api(path(channel), {
        key: other.key,
        method: "PATCH",
        body: { receiver_url: "https://example.com/x" },
      }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expectError(
      await api(`${path(channel)}/rotate-key`, { key: other.key, method: "POST", body: {} }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    const stillA = await api(path(channel), { key: org.key });
    expect(stillA.body.data.receiver_url).toBe(receiver.url);
    expect(stillA.body.data.public_key).toBe(settings.public_key);

    const crossed = await exchange(channel, settings.endpoint_url, {
      action: "ping",
      public_key: setB.body.data.public_key,
    });
    expect(crossed.body.status, JSON.stringify(crossed.body)).toBe(421);
  });
});

describe("stale flow tokens: the product answers 427 itself", () => {
  /** An organization whose channel has a data endpoint, and a Flow message sent to a customer. */
  async function flowSender(): Promise<{ s: Sender; endpointUrl: string; token: string; wamid: string }> {
    const s = await readySender();
    const set = await api(path(s.channel), {
      key: s.key,
      method: "PATCH",
      body: { receiver_url: receiver.url },
    });
    expect(set.status, set.text).toBe(200);
    const sent = await send(s.key, {
      to: s.to,
      type: "interactive",
      interactive: {
        type: "flow",
        body: { text: "Book" },
        action: {
          name: "flow",
          parameters: {
            flow_message_version: "3",
            flow_id: "1197715005513101",
            flow_cta: "Book",
            flow_action: "data_exchange",
          },
        },
      },
    });
    expect(sent.status, sent.text).toBe(200);
    const stored = await db().message.findUniqueOrThrow({ where: { id: sent.body.data.messageId } });
    return {
      s,
      endpointUrl: set.body.data.endpoint_url,
      token: stored.flowToken ?? "",
      wamid: sent.body.data.whatsappMessageId,
    };
  }

  it("a completed Flow message's token → 427 without calling the receiver; an open one is forwarded", async () => {
    const a = await flowSender();
    receiver.answer = () => ({ status: 200, body: JSON.stringify({ screen: "DAY", data: {} }) });
    const open = await exchange(a.s.channel, a.endpointUrl, { action: "INIT", flow_token: a.token });
    expect(open.body.status, JSON.stringify(open.body)).toBe(200);

    const done = await sandbox("/_sandbox/flows/complete", "POST", {
      phone_number_id: a.s.channel.phoneNumberId,
      from: digits(a.s.to),
      message_id: a.wamid,
      response: { day: "2026-12-01" },
    });
    expect(done.body.status, JSON.stringify(done.body)).toBe(200);
    await eventually(async () => {
      const m = await db().message.findFirst({ where: { organizationId: a.s.orgId, flowToken: a.token } });
      return m?.flowClosedAt ?? null;
    });

    const before = receiver.received.filter((r) => r.body?.flow_token === a.token).length;
    const stale = await exchange(a.s.channel, a.endpointUrl, {
      action: "data_exchange",
      flow_token: a.token,
    });
    expect(stale.body.status, JSON.stringify(stale.body)).toBe(427);
    expect(JSON.parse(stale.body.body)).toEqual({ error_msg: "This form was already completed or closed." });
    expect(receiver.received.filter((r) => r.body?.flow_token === a.token).length).toBe(before);

    // a token the product never gave is the receiver's to judge
    const own = await exchange(a.s.channel, a.endpointUrl, {
      action: "INIT",
      flow_token: "business-made-token",
    });
    expect(own.body.status).toBe(200);
  }, 60_000);

  it("once the receiver answered 427 for a token, the product answers 427 itself; another organization's endpoint does not know it", async () => {
    const a = await flowSender();
    const b = await flowSender();
    receiver.answer = () => ({ status: 427, body: JSON.stringify({ error_msg: "Booking closed" }) });
    const first = await exchange(a.s.channel, a.endpointUrl, { action: "INIT", flow_token: a.token });
    expect(first.body.status).toBe(427);
    expect(JSON.parse(first.body.body)).toEqual({ error_msg: "Booking closed" });

    receiver.answer = () => ({ status: 200, body: JSON.stringify({ screen: "DAY", data: {} }) });
    const count = () => receiver.received.filter((r) => r.body?.flow_token === a.token).length;
    const before = count();
    const again = await exchange(a.s.channel, a.endpointUrl, { action: "INIT", flow_token: a.token });
    expect(again.body.status).toBe(427);
    expect(count()).toBe(before);

    // A's closed token on B's endpoint: B holds no message with it, so B's receiver decides
    const crossed = await exchange(b.s.channel, b.endpointUrl, { action: "INIT", flow_token: a.token });
    expect(crossed.body.status).toBe(200);
    expect(count()).toBe(before + 1);
    // and B's own open token is untouched by A's closing
    const bOpen = await exchange(b.s.channel, b.endpointUrl, { action: "INIT", flow_token: b.token });
    expect(bOpen.body.status).toBe(200);
  }, 60_000);
});
