import { afterEach, describe, expect, it } from "vitest";
import { createTestOrg, pollUntil } from "@/scripts/test/helpers";
import {
  listDeliveries as deliveries,
  newContact,
  type Received,
  registerWebhook,
  TestReceiver,
  verifyServiceSignature,
  verifyStandardSignature,
} from "@/scripts/test/test-receiver";

const SECRET = "a-long-random-secret-of-at-least-32-chars";
const receivers: TestReceiver[] = [];

async function receiver(): Promise<TestReceiver> {
  const r = await TestReceiver.start();
  receivers.push(r);
  return r;
}

afterEach(async () => {
  for (const r of receivers.splice(0)) await r.down();
});

describe("a contact created through the API is delivered as contact.created", () => {
  it("with the contract's envelope and headers, signed both ways", async () => {
    const hook = await receiver();
    const { key, orgId } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url, { secret: SECRET });
    const before = Date.now();
    const contactId = await newContact(key);
    await pollUntil(
      async () => hook.received,
      (r) => r.length >= 1,
    );
    expect(hook.received).toHaveLength(1);
    const [got] = hook.received as [Received];

    expect(Object.keys(got.body).sort()).toEqual(["data", "event", "id", "organization_id", "timestamp"]);
    expect(got.body).toMatchObject({ event: "contact.created", organization_id: orgId });
    expect(got.body.id).toMatch(/^wh_\d{13}_[0-9a-f]+$/);
    expect(got.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(got.body.data).toMatchObject({ contactId, name: "Ada", email: null, channelId: null });

    const h = got.headers;
    expect(h["content-type"]).toBe("application/json");
    expect(h["x-service-event"]).toBe("contact.created");
    expect(h["x-service-delivery-id"]).toBe(got.body.id);
    expect(h["webhook-id"]).toBe(got.body.id);
    expect(h["user-agent"]).toBeTruthy();
    const ms = Number(h["x-service-timestamp"]);
    expect(ms).toBeGreaterThanOrEqual(before - 1000);
    expect(ms).toBeLessThanOrEqual(Date.now());
    expect(h["webhook-timestamp"]).toBe(String(Math.floor(ms / 1000)));
    expect(h["x-service-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyServiceSignature(SECRET, got)).toBe(true);
    expect(verifyStandardSignature(SECRET, got)).toBe(true);
    expect(verifyServiceSignature("another-secret", got)).toBe(false);

    const [delivery] = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.status === "succeeded",
    );
    expect(delivery).toMatchObject({ id: got.body.id, event: "contact.created", attempt_count: 1 });
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({ attempt_number: 1, status_code: 200, error: null });
    expect(delivery.attempts[0].request_headers["X-Service-Delivery-Id"]).toBe(got.body.id);
  });

  it("a whsec_ secret signs Standard Webhooks with its decoded bytes; no secret, no signatures", async () => {
    const signed = await receiver();
    const unsigned = await receiver();
    const { key } = await createTestOrg();
    const whsec = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
    await registerWebhook(key, signed.url, { secret: whsec });
    await registerWebhook(key, unsigned.url);
    await newContact(key);
    await pollUntil(
      async () => [signed.received, unsigned.received],
      ([a, b]) => !!a?.length && !!b?.length,
    );
    const [s] = signed.received as [Received];
    expect(verifyStandardSignature(whsec, s)).toBe(true);
    expect(verifyServiceSignature(whsec, s)).toBe(true);
    const [u] = unsigned.received as [Received];
    expect(u.headers).not.toHaveProperty("x-service-signature");
    expect(u.headers).not.toHaveProperty("webhook-signature");
    expect(u.headers["x-service-delivery-id"]).toBe(u.body.id);
  });
});

describe("the deliveries list", () => {
  it("deliveries can be filtered by status, event and time", async () => {
    const hook = await receiver();
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url, {
      events: ["contact.created", "message.inbound"],
    });
    await newContact(key);
    await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.status === "succeeded",
    );
    expect(await deliveries(key, webhookId, "?status=succeeded&event=contact.created")).toHaveLength(1);
    expect(await deliveries(key, webhookId, "?status=failed")).toHaveLength(0);
    expect(await deliveries(key, webhookId, "?event=message.inbound")).toHaveLength(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await deliveries(key, webhookId, `?since=${future}`)).toHaveLength(0);
    expect(await deliveries(key, webhookId, `?until=${future}`)).toHaveLength(1);
  });
});
