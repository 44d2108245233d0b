import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestOrg, expectError, randomPhone, SANDBOX_URL } from "@/scripts/test/helpers";
import {
  createChannelAt,
  injectFault,
  openWindow,
  readySender,
  send,
  unreachableUrl,
  upstreamRequests,
} from "@/scripts/test/send-helpers";

async function failedRow(orgId: string, messageId: string) {
  const stored = await db().message.findUniqueOrThrow({ where: { id: messageId } });
  const events = await db().event.findMany({
    where: {
      organizationId: orgId,
      name: "message.failed",
      data: { path: ["messageId"], equals: messageId },
    },
  });
  return { stored, events };
}

describe("POST /v1/whatsapp/messages: the upstream refuses", () => {
  it("an injected 500 → 502 WHATSAPP_SEND_FAILED, details.error verbatim; Message failed; one message.failed", async () => {
    const { key, orgId, channel, to } = await readySender();
    await injectFault(channel.phoneNumberId, { count: 1, status: 500 });
    const res = await send(key, { to, type: "text", text: { body: "will fail" } });
    expectError(res, 502, "WHATSAPP_SEND_FAILED");

    const requests = await upstreamRequests(channel.phoneNumberId, to);
    // a 500 may have been processed: it is never retried, so exactly one request
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.result).toBe(500);
    expect(res.body.error.details.error).toEqual(request?.response.error);
    expect(res.body.error.details.error).toMatchObject({
      code: 1,
      message: "An unknown error has occurred.",
    });

    const messageId = res.body.error.details.messageId;
    expect(request?.body.biz_opaque_callback_data).toBe(messageId);
    const { stored, events } = await failedRow(orgId, messageId);
    expect(stored).toMatchObject({ status: "failed", errorCode: "1" });
    expect(stored.failedAt).not.toBeNull();
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({
      messageId,
      status: "failed",
      channelId: channel.channelId,
      contactId: stored.contactId,
      error: { code: 1, message: "An unknown error has occurred." },
    });
    expect(await db().event.count({ where: { organizationId: orgId, name: "message.sent" } })).toBe(0);
  });

  it("an injected 400 with a custom error object → 502 with exactly that object in details.error", async () => {
    const { key, orgId, channel, to } = await readySender();
    const error = {
      message: "(#131000) Something went wrong",
      type: "OAuthException",
      code: 131000,
      error_subcode: 2494010,
      error_data: { messaging_product: "whatsapp", details: "Something went wrong on our side, try later" },
    };
    await injectFault(channel.phoneNumberId, { count: 1, status: 400, error });
    const res = await send(key, { to, type: "text", text: { body: "custom" } });
    expectError(res, 502, "WHATSAPP_SEND_FAILED");
    const [request] = await upstreamRequests(channel.phoneNumberId, to);
    expect(res.body.error.details.error).toEqual(request?.response.error);
    expect(res.body.error.details.error).toMatchObject(error);
    expect(typeof res.body.error.details.error.fbtrace_id).toBe("string");
    const { stored, events } = await failedRow(orgId, res.body.error.details.messageId);
    expect(stored).toMatchObject({ status: "failed", errorCode: "131000" });
    expect(events).toHaveLength(1);
  });

  it("a failure for one send does not affect the next: the fault is used up, the next send succeeds", async () => {
    const { key, channel, to } = await readySender();
    await injectFault(channel.phoneNumberId, { count: 1, status: 503 });
    const failed = await send(key, { to, type: "text", text: { body: "one" } });
    expectError(failed, 502, "WHATSAPP_SEND_FAILED");
    expect(failed.body.error.details.error.code).toBe(2);
    const ok = await send(key, { to, type: "text", text: { body: "two" } });
    expect(ok.status, ok.text).toBe(200);
    expect(await upstreamRequests(channel.phoneNumberId, to)).toHaveLength(2);
  });

  it("a channel with a wrong access token → upstream 190 → 502 WHATSAPP_SEND_FAILED", async () => {
    const { key, orgId } = await createTestOrg();
    const channel = await createChannelAt(orgId, SANDBOX_URL, { token: "not-the-registered-token" });
    const to = randomPhone();
    await openWindow(orgId, channel.phoneNumberId, to);
    const res = await send(key, { to, type: "text", text: { body: "bad token" } });
    expectError(res, 502, "WHATSAPP_SEND_FAILED");
    const [request] = await upstreamRequests(channel.phoneNumberId, to);
    expect(request?.result).toBe(401);
    expect(res.body.error.details.error).toEqual(request?.response.error);
    expect(res.body.error.details.error.code).toBe(190);
    // the token itself never reaches the client
    expect(res.text).not.toContain("not-the-registered-token");
    const { stored } = await failedRow(orgId, res.body.error.details.messageId);
    expect(stored).toMatchObject({ status: "failed", errorCode: "190" });
  });

  it("an upstream that cannot be reached → 502 WHATSAPP_SEND_FAILED after retries; Message failed", async () => {
    const { key, orgId, channel, to } = await readySender();
    const closed = await unreachableUrl("/v23.0");
    await db().channel.update({ where: { id: channel.channelId }, data: { graphUrl: closed } });
    const res = await send(key, { to, type: "text", text: { body: "nobody home" } });
    expectError(res, 502, "WHATSAPP_SEND_FAILED");
    expect(typeof res.body.error.details.error.message).toBe("string");
    const { stored, events } = await failedRow(orgId, res.body.error.details.messageId);
    expect(stored.status).toBe("failed");
    expect(events).toHaveLength(1);
  });

  it("upstream 131047 (its window closed while ours is open) → 400 WHATSAPP_SESSION_CLOSED with the error", async () => {
    const { key, orgId, channel } = await readySender({ closed: true });
    const to = randomPhone();
    // our copy says the customer wrote a minute ago; the upstream never saw it
    await db().contact.create({
      data: { organizationId: orgId, phone: to, lastInboundAt: new Date(Date.now() - 60_000) },
    });
    const res = await send(key, { to, type: "text", text: { body: "reopen?" } });
    expectError(res, 400, "WHATSAPP_SESSION_CLOSED");
    const [request] = await upstreamRequests(channel.phoneNumberId, to);
    expect(request?.response.error.code).toBe(131047);
    expect(res.body.error.details.error).toEqual(request?.response.error);
    const { stored } = await failedRow(orgId, res.body.error.details.messageId);
    expect(stored).toMatchObject({ status: "failed", errorCode: "131047" });
  });
});
