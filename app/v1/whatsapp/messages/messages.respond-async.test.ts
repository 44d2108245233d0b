/**
 * `Prefer: respond-async` (RFC 7240) on a send: 202 with the message `queued`,
 * `Preference-Applied: respond-async` and a `Location`, answered before the upstream accepted it
 * (the sandbox holds this number's requests); the worker then sends it exactly once and the
 * outcome arrives as message.sent and by GET. Without the preference, or with others only, the
 * send waits as before. A refused send is refused the same way, preference or not.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestOrg } from "@/scripts/test/helpers";
import {
  injectFault,
  messageEvents,
  readySender,
  upstreamRequests,
  waitForStatus,
} from "@/scripts/test/send-helpers";

describe("POST /v1/whatsapp/messages with Prefer: respond-async", () => {
  it("answers 202 queued with Preference-Applied and Location; the worker sends it exactly once", async () => {
    const sender = await readySender();
    // the upstream holds this number's next request: an answer that waited for it could not be 202 queued
    await injectFault(sender.channel.phoneNumberId, { delay_ms: 3_000, count: 1 });
    const res = await api("/v1/whatsapp/messages", {
      method: "POST",
      key: sender.key,
      headers: { prefer: "respond-async" },
      body: { to: sender.to, type: "text", text: { body: "queued for you" } },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.headers.get("preference-applied")).toBe("respond-async");
    const data = res.body.data;
    expect(res.body.success).toBe(true);
    expect(Object.keys(data).sort()).toEqual(["messageId", "status", "timestamp", "to"]);
    expect(data).toMatchObject({ status: "queued", to: sender.to });
    expect(new Date(data.timestamp).toISOString()).toBe(data.timestamp);
    expect(res.headers.get("location")).toBe(`/v1/whatsapp/messages/${data.messageId}`);
    const stored = await db().message.findUnique({ where: { id: data.messageId } });
    expect(stored?.organizationId).toBe(sender.orgId);
    expect(stored?.status === "queued" || stored?.status === "sending").toBe(true);

    // the outcome: sent once upstream, stored sent, message.sent once, readable at Location
    // the sandbox's delivered and read may follow at once: sent or later
    const done = await waitForStatus(data.messageId, ["sent", "delivered", "read"]);
    expect(done.sentAt).not.toBeNull();
    const requests = await upstreamRequests(sender.channel.phoneNumberId, sender.to);
    const mine = requests.filter((r) => r.body.biz_opaque_callback_data === data.messageId);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.result).toBe(200);
    expect(mine[0]?.body.text).toMatchObject({ body: "queued for you" });
    const events = await messageEvents(sender.orgId, data.messageId);
    expect(events.filter((e) => e === "message.sent")).toHaveLength(1);
    const read = await api(res.headers.get("location") as string, { key: sender.key });
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.messageId).toBe(data.messageId);
    expect(["sent", "delivered", "read"]).toContain(read.body.data.status);

    // another organization's key does not see it
    const other = await createTestOrg();
    const foreign = await api(res.headers.get("location") as string, { key: other.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("RESOURCE_NOT_FOUND");
  }, 60_000);

  it("waits as before without the preference or with others only, and applies none", async () => {
    const sender = await readySender();
    for (const prefer of [undefined, "return=minimal, wait=5", "handling=lenient; respond-async"]) {
      const res = await api("/v1/whatsapp/messages", {
        method: "POST",
        key: sender.key,
        headers: prefer ? { prefer } : {},
        body: { to: sender.to, type: "text", text: { body: "waited" } },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get("preference-applied")).toBeNull();
      expect(res.body.data).toMatchObject({ status: "sent", to: sender.to });
      expect(res.body.data.whatsappMessageId).toMatch(/^wamid\./);
    }
  }, 60_000);

  it("a send the rules refuse is refused with the error envelope, nothing stored or sent", async () => {
    const sender = await readySender({ closed: true });
    const res = await api("/v1/whatsapp/messages", {
      method: "POST",
      key: sender.key,
      headers: { prefer: "respond-async" },
      body: { to: sender.to, type: "text", text: { body: "outside the window" } },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe("WHATSAPP_SESSION_CLOSED");
    expect(res.headers.get("preference-applied")).toBeNull();
    expect(await db().message.count({ where: { organizationId: sender.orgId, direction: "outbound" } })).toBe(
      0,
    );
    expect(await upstreamRequests(sender.channel.phoneNumberId, sender.to)).toHaveLength(0);
  }, 60_000);

  it("a replay of the same Idempotency-Key gives the 202 again with its Location and Preference-Applied, and sends nothing more", async () => {
    const sender = await readySender();
    const request = {
      method: "POST",
      key: sender.key,
      headers: { prefer: "respond-async", "idempotency-key": `async-${sender.to}` },
      body: { to: sender.to, type: "text", text: { body: "once, whatever the retries" } },
    };
    const first = await api("/v1/whatsapp/messages", request);
    expect(first.status, first.text).toBe(202);
    const location = `/v1/whatsapp/messages/${first.body.data.messageId}`;
    expect(first.headers.get("location")).toBe(location);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const replay = await api("/v1/whatsapp/messages", request);
    expect(replay.status, replay.text).toBe(202);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("preference-applied")).toBe("respond-async");
    expect(replay.headers.get("location")).toBe(location);
    expect(replay.body).toEqual(first.body);
    // the replay's own request id and rate-limit headers, not the first request's
    expect(replay.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(replay.headers.get("x-ratelimit-remaining")).not.toBeNull();

    await waitForStatus(first.body.data.messageId, ["sent", "delivered", "read"]);
    const requests = await upstreamRequests(sender.channel.phoneNumberId, sender.to);
    expect(requests).toHaveLength(1);
    expect(await db().message.count({ where: { organizationId: sender.orgId, direction: "outbound" } })).toBe(
      1,
    );
  }, 60_000);
});
