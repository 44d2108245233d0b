import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { readySender, send, type UpstreamRequest, upstreamRequests } from "@/scripts/test/send-helpers";

function expectEachOnce(requests: UpstreamRequest[], messageIds: string[]) {
  const accepted = requests.filter((r) => r.result === 200);
  expect(accepted).toHaveLength(messageIds.length);
  const opaque = accepted.map((r) => r.body.biz_opaque_callback_data);
  expect(new Set(opaque).size).toBe(opaque.length);
  expect([...opaque].sort()).toEqual([...messageIds].sort());
}

describe("throughput: our limiter and backoff on 130429", () => {
  it("sandbox and channel at 5/s: 20 parallel sends all succeed, paced, each accepted exactly once", async () => {
    const { key, channel, to } = await readySender({ throughput: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(key, { to, type: "text", text: { body: `burst ${i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const messageIds = results.map((r) => r.body.data.messageId as string);
    expect(new Set(results.map((r) => r.body.data.whatsappMessageId)).size).toBe(20);

    const requests = await upstreamRequests(channel.phoneNumberId);
    expectEachOnce(requests, messageIds);
    // paced by our limiter, not by the upstream's rejections: unpaced, 20 at once against 5/s
    // would meet 15 rejections in the first second alone
    const rejected = requests.filter((r) => r.result !== 200);
    expect(rejected.every((r) => r.response?.error?.code === 130429)).toBe(true);
    expect(rejected.length).toBeLessThan(5);
  }, 60_000);

  it("a channel set higher than the number allows: 130429 answers are retried with backoff, never duplicated", async () => {
    const { key, channel, to } = await readySender({ throughput: 5 });
    await db().channel.update({ where: { id: channel.channelId }, data: { throughputPerSecond: 80 } });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(key, { to, type: "text", text: { body: `burst ${i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));

    const requests = await upstreamRequests(channel.phoneNumberId);
    expectEachOnce(
      requests,
      results.map((r) => r.body.data.messageId),
    );
    const throttled = requests.filter((r) => r.result === 400);
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled.every((r) => r.response.error.code === 130429)).toBe(true);
    const stored = await db().message.findMany({ where: { channelId: channel.channelId } });
    expect(stored.every((m) => ["sent", "delivered", "read"].includes(m.status))).toBe(true);
  }, 60_000);
});
