import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookReceiver, verifySignature, type WebhookEnvelope } from "@/examples/webhook-receiver";
import { retryTableMarkdown } from "@/lib/webhooks/retry-schedule";
import { api, createTestOrg, pollUntil, randomPhone } from "@/scripts/test/helpers";
import { registerWebhook } from "@/scripts/test/test-receiver";

/** The receiver docs/webhooks.md points to, against our real deliveries. */
const SECRET = "doc-receiver-secret-0123456789abcdef";
const events: WebhookEnvelope[] = [];
const server = createWebhookReceiver({ secret: SECRET, onEvent: (e) => void events.push(e) });
let url = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const deliveries = async (key: string, webhookId: string) =>
  (await api(`/v1/webhooks/${webhookId}/deliveries`, { key })).body.data;

describe("docs/webhooks.md", () => {
  it("links examples/webhook-receiver.ts and carries the retry table the code uses", () => {
    const doc = readFileSync("docs/webhooks.md", "utf8");
    expect(doc).toContain("(../examples/webhook-receiver.ts)");
    expect(doc).toContain(retryTableMarkdown());
  });
});

describe("the documented receiver", () => {
  it("accepts a real delivery, ignores its redelivery, and its checks hold on the real bytes", async () => {
    const { key, orgId } = await createTestOrg();
    const webhookId = await registerWebhook(key, url, { secret: SECRET });
    const phone = randomPhone();
    expect((await api("/v1/contacts", { method: "POST", key, body: { phone } })).status).toBe(201);
    const [first] = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.status === "succeeded",
    );
    const event = events.find((e) => e.id === first.id);
    expect(event).toMatchObject({ event: "contact.created", organization_id: orgId, data: { phone } });
    expect(first.attempts[0]).toMatchObject({ status_code: 200, response_snippet: "ok" });

    await api(`/v1/webhooks/${webhookId}/deliveries/${first.id}/retry`, { method: "POST", key });
    const [again] = await pollUntil(
      () => deliveries(key, webhookId),
      (d) => d[0]?.attempt_count === 2 && d[0]?.status === "succeeded",
    );
    expect(again.attempts[1]).toMatchObject({ status_code: 200, response_snippet: "duplicate ignored" });
    expect(events.filter((e) => e.id === first.id)).toHaveLength(1);

    // the exact bytes we sent are the compact JSON of the envelope
    const headers = first.attempts[0].request_headers;
    const raw = JSON.stringify(event);
    const sentAt = Number(headers["X-Service-Timestamp"]);
    const verify = (body: string, now: number) =>
      verifySignature(SECRET, body, headers["X-Service-Timestamp"], headers["X-Service-Signature"], now);
    expect(verify(raw, sentAt + 1_000)).toBe("ok");
    expect(verify(raw.replace(phone, "+10000000000"), sentAt)).toBe("bad signature");
    expect(verify(raw, sentAt + 6 * 60_000)).toBe("stale timestamp");
    expect(verifySignature(SECRET, raw, undefined, undefined)).toBe("missing signature");
  });

  it("refuses deliveries signed with another secret (401), which are then retried", async () => {
    const { key } = await createTestOrg();
    const webhookId = await registerWebhook(key, url, { secret: "not-the-receiver-secret-at-all-000" });
    expect((await api("/v1/contacts", { method: "POST", key, body: { phone: randomPhone() } })).status).toBe(
      201,
    );
    const [d] = await pollUntil(
      () => deliveries(key, webhookId),
      (x) => (x[0]?.attempt_count ?? 0) >= 2,
    );
    expect(d.status).toBe("pending");
    expect(d.attempts[0]).toMatchObject({ status_code: 401, response_snippet: "bad signature" });
    expect(events.some((e) => e.id === d.id)).toBe(false);
    await api(`/v1/webhooks/${webhookId}`, { method: "DELETE", key });
  });
});
