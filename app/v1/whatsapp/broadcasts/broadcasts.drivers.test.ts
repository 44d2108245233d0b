/**
 * A broadcast waiting for its channel's throughput gives its worker slot back. One worker with a
 * single broadcast driver (BROADCAST_CONCURRENCY=1): one organization's three broadcasts on a
 * channel of one message a second, then another organization's broadcast. Before, the driver
 * stayed with the first broadcast, sleeping between its messages, until it completed (or 30 s),
 * and the queue's order made the other organization wait for all three. Now each wait is spent
 * in the delayed set: the other broadcast completes while the first organization's three still
 * run. Order and state only: nothing measures time. Its own web app, sandbox and Redis (the
 * shared stack's worker has twenty drivers).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAt, createTestOrg, eventually, pollUntil, randomPhone } from "@/scripts/test/helpers";
import { createChannelAt, upstreamRequests, waitForTemplateSync } from "@/scripts/test/send-helpers";
import { startWorkerStack, type WorkerStack } from "@/scripts/test/worker-stack";

let ws: WorkerStack;

beforeAll(async () => {
  ws = await startWorkerStack({ BROADCAST_CONCURRENCY: "1" });
}, 180_000);

afterAll(async () => {
  await ws?.stop();
}, 60_000);

const hello = [
  { name: "hello", language: "en", category: "UTILITY", components: [{ type: "BODY", text: "Hi" }] },
];

async function broadcast(key: string, n: number): Promise<string> {
  const res = await apiAt(ws.stack.baseUrl, "/v1/whatsapp/broadcasts", {
    method: "POST",
    key,
    body: {
      name: "Paced",
      template: { name: "hello", language: { code: "en" } },
      recipients: Array.from({ length: n }, () => ({ to: randomPhone() })),
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

const read = async (key: string, id: string) =>
  (await apiAt(ws.stack.baseUrl, `/v1/whatsapp/broadcasts/${id}`, { key })).body.data;

describe("one broadcast driver, two organizations", () => {
  it("the second organization's broadcast completes while the first's three, on a slow channel, still run", async () => {
    await ws.startWorker("worker");
    const slow = await createTestOrg();
    const slowChannel = await createChannelAt(slow.orgId, ws.sandboxUrl, {
      throughput: 1,
      // our limiter keeps to one a second; the upstream's own limit (130429, which puts recipients
      // back and slows the channel) is not what this test is about
      sandboxThroughput: 1_000,
      templates: hello,
    });
    const other = await createTestOrg();
    const otherChannel = await createChannelAt(other.orgId, ws.sandboxUrl, { templates: hello });
    await Promise.all([
      waitForTemplateSync(slowChannel.channelId),
      waitForTemplateSync(otherChannel.channelId),
    ]);

    // 60 messages at one a second: none of the three can complete before its 20th second of sending
    const many = [
      await broadcast(slow.key, 20),
      await broadcast(slow.key, 20),
      await broadcast(slow.key, 20),
    ];
    await eventually(
      async () => (await upstreamRequests(slowChannel.phoneNumberId, undefined, ws.sandboxUrl)).length >= 1,
    );
    const mine = await broadcast(other.key, 2);
    const done = await pollUntil(
      () => read(other.key, mine),
      (b) => b?.status === "completed",
      45_000,
      200,
    );
    expect(done?.status).toBe("completed");
    expect(done.counts).toMatchObject({ total: 2, sent: 2, pending: 0 });
    expect(await upstreamRequests(otherChannel.phoneNumberId, undefined, ws.sandboxUrl)).toHaveLength(2);
    // read after it completed: none of the first organization's broadcasts had completed before
    const slowNow = await Promise.all(many.map((id) => read(slow.key, id)));
    expect(slowNow.map((b) => b.status)).toEqual(["running", "running", "running"]);
    const slowSent = await upstreamRequests(slowChannel.phoneNumberId, undefined, ws.sandboxUrl);
    expect(slowSent.length).toBeLessThan(60);

    for (const id of many) {
      const res = await apiAt(ws.stack.baseUrl, `/v1/whatsapp/broadcasts/${id}/cancel`, {
        method: "POST",
        key: slow.key,
      });
      expect(res.status, res.text).toBe(200);
    }
  }, 180_000);
});
