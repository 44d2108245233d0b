import { describe, expect, it } from "vitest";
import { UPSTREAM_ERROR_GUIDE } from "@/lib/cloud-api/upstream-error-guide";
import { db } from "@/lib/db";
import { expectError, randomPhone } from "@/scripts/test/helpers";
import { injectFault, readySender, send, upstreamRequests } from "@/scripts/test/send-helpers";

/** A rejection of `code` injected for the next `count` sends of a fresh sender's number, worded by the sandbox. */
async function senderWithFault(code: number, count: number) {
  const sender = await readySender();
  await injectFault(sender.channel.phoneNumberId, { count, status: 400, error: { code } });
  return sender;
}

describe("upstream codes people hit: each explained, the upstream object unchanged", () => {
  it("131056 once (pair rate limit): retried with backoff, sent exactly once, 200", async () => {
    const { key, channel, to } = await senderWithFault(131056, 1);
    const res = await send(key, { to, type: "text", text: { body: "again soon" } });
    expect(res.status, res.text).toBe(200);
    const requests = await upstreamRequests(channel.phoneNumberId, to);
    expect(requests.map((r) => r.result)).toEqual([400, 200]);
    expect(requests[0]?.response.error.code).toBe(131056);
    expect(requests[1]?.id).toBe(res.body.data.whatsappMessageId);
  });

  it.each([131056, 130429])(
    "%i that does not clear: retried, then 502 WHATSAPP_SEND_FAILED with message, hint and details.error verbatim",
    async (code) => {
      const { key, orgId, channel, to } = await senderWithFault(code, 20);
      const res = await send(key, { to, type: "text", text: { body: "too many" } });
      expectError(res, 502, "WHATSAPP_SEND_FAILED");
      const requests = await upstreamRequests(channel.phoneNumberId, to);
      // retried: more than one request, none accepted
      expect(requests.length).toBeGreaterThan(1);
      expect(requests.every((r) => r.result === 400)).toBe(true);
      const last = requests[requests.length - 1];
      expect(res.body.error.details.error).toEqual(last?.response.error);
      expect(res.body.error.details.error.code).toBe(code);
      expect(res.body.error.message).toBe(UPSTREAM_ERROR_GUIDE[code]?.message);
      expect(res.body.error.details.hint).toBe(UPSTREAM_ERROR_GUIDE[code]?.hint);
      const stored = await db().message.findUniqueOrThrow({
        where: { id: res.body.error.details.messageId },
      });
      expect(stored).toMatchObject({ organizationId: orgId, status: "failed", errorCode: String(code) });
    },
    60_000,
  );

  it.each([131057, 131049, 131026])(
    "%i: not retried (one request), 502 WHATSAPP_SEND_FAILED with message, hint and details.error verbatim",
    async (code) => {
      const { key, channel, to } = await senderWithFault(code, 5);
      const res = await send(key, { to, type: "text", text: { body: "no" } });
      expectError(res, 502, "WHATSAPP_SEND_FAILED");
      const requests = await upstreamRequests(channel.phoneNumberId, to);
      expect(requests).toHaveLength(1);
      expect(res.body.error.details.error).toEqual(requests[0]?.response.error);
      expect(res.body.error.details.error).toMatchObject({
        code,
        error_data: { messaging_product: "whatsapp" },
      });
      expect(res.body.error.message).toBe(UPSTREAM_ERROR_GUIDE[code]?.message);
      expect(res.body.error.details.hint).toBe(UPSTREAM_ERROR_GUIDE[code]?.hint);
      expect(res.body.error.details.messageId).toEqual(expect.any(String));
    },
  );

  it("131047: 400 WHATSAPP_SESSION_CLOSED with a hint to send a template", async () => {
    const { key, orgId, channel } = await readySender({ closed: true });
    const to = randomPhone();
    await db().contact.create({
      data: { organizationId: orgId, phone: to, lastInboundAt: new Date(Date.now() - 60_000) },
    });
    const res = await send(key, { to, type: "text", text: { body: "reopen?" } });
    expectError(res, 400, "WHATSAPP_SESSION_CLOSED");
    const [request] = await upstreamRequests(channel.phoneNumberId, to);
    expect(res.body.error.details.error).toEqual(request?.response.error);
    expect(res.body.error.details.hint).toBe(UPSTREAM_ERROR_GUIDE[131047]?.hint);
  });

  it("132001: 502 with the causes and a hint naming the template list and the template send endpoint", async () => {
    const { key, channel, to } = await senderWithFault(132001, 1);
    const res = await send(key, { to, type: "text", text: { body: "as if a template" } });
    expectError(res, 502, "WHATSAPP_SEND_FAILED");
    const [request] = await upstreamRequests(channel.phoneNumberId, to);
    expect(res.body.error.details.error).toEqual(request?.response.error);
    expect(res.body.error.details.causes).toHaveLength(3);
    expect(res.body.error.details.hint).toMatch(/GET \/v1\/whatsapp\/templates/);
  });
});
