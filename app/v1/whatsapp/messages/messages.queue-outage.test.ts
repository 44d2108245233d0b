import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { sendMessageBody } from "@/lib/messages/message-schemas";
import { sendMessage } from "@/lib/messages/send-message";
import { closeQueues, enqueue } from "@/lib/queues";
import { TEST_ENV, viaProxy } from "@/scripts/test/env";
import { testPort } from "@/scripts/test/ports";
import { readySender, upstreamRequests } from "@/scripts/test/send-helpers";
import { TcpProxy } from "@/scripts/test/tcp-proxy";

/**
 * The send path past the rate limit (which answers 503 by itself while Redis is away): the
 * queue's Redis goes away between the stored Message and its job. This process plays the web
 * app, its queues reaching Redis through a proxy of its own; the suite's worker does the sends.
 */
const proxyPort = testPort("queueOutageRedisProxy");
const target = new URL(TEST_ENV.redisUrl);
const proxy = new TcpProxy(proxyPort, { host: target.hostname, port: Number(target.port || 6379) });
process.env.REDIS_URL = viaProxy(TEST_ENV.redisUrl, proxyPort);
// this process plays the web app: the product's own deadline (scripts/test/setup-env.ts gives the
// tests' processes 15 s for a first connection on a loaded machine)
process.env.ENQUEUE_TIMEOUT_MS = "1000";

beforeAll(async () => {
  await proxy.start();
});

afterAll(async () => {
  proxy.restore();
  await closeQueues();
  await proxy.stop();
});

async function expectRejected(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("the queue's Redis away during a send", () => {
  it("answers 503 at once and fails the stored Message (nothing sent, message.failed); once back, sends go out", async () => {
    const { orgId, channel, to } = await readySender();
    const input = sendMessageBody.parse({ to, type: "text", text: { body: "while Redis is away" } });
    proxy.down();
    let error: ApiError;
    try {
      // a failure guard, not a measurement: before the fix the send waited for Redis to return
      error = await expectRejected(
        Promise.race([
          sendMessage(orgId, input),
          new Promise((_, reject) => setTimeout(() => reject(new Error("still waiting")), 15_000)),
        ]),
      );
    } finally {
      proxy.restore();
    }
    expect(error.code).toBe("SERVER_SERVICE_UNAVAILABLE");
    expect(error.headers?.["Retry-After"]).toMatch(/^\d+$/);
    const messageId = String((error.details as { messageId: string }).messageId);
    const stored = await db().message.findUniqueOrThrow({ where: { id: messageId } });
    expect({ status: stored.status, errorCode: stored.errorCode }).toEqual({
      status: "failed",
      errorCode: "queue_unavailable",
    });
    const failed = await db().event.findMany({ where: { organizationId: orgId, name: "message.failed" } });
    expect(failed.map((e) => (e.data as { messageId: string }).messageId)).toEqual([messageId]);

    const sent = await sendMessage(orgId, input);
    expect(sent.status).toBe("sent");
    const requests = await upstreamRequests(channel.phoneNumberId);
    expect(requests.map((r) => r.body.biz_opaque_callback_data)).toEqual([sent.messageId]);
  }, 60_000);

  it("enqueue rejects while Redis is away (callers fall back to the sweepers) instead of holding on", async () => {
    proxy.down();
    try {
      const outcome = await Promise.race([
        enqueue("templates", { organizationId: crypto.randomUUID(), channelId: crypto.randomUUID() }).then(
          () => "added",
          (e: unknown) => (e instanceof Error ? e.message : String(e)),
        ),
        new Promise<string>((resolve) => setTimeout(() => resolve("still waiting"), 15_000)),
      ]);
      expect(outcome).not.toBe("added");
      expect(outcome).not.toBe("still waiting");
    } finally {
      proxy.restore();
    }
  });
});
