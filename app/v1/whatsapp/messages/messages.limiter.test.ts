import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { type ApiResponse, eventually, expectError } from "@/scripts/test/helpers";
import { readySender, send, upstreamRequests } from "@/scripts/test/send-helpers";

/**
 * Sends that wait for their channel's throughput slot: each answer, 200 or 503 with Retry-After, is
 * followed by its outcome, and every message reaches the upstream once.
 *
 * Why it is slow (54 s in a run of `npm test` on a 2-core machine, 2026-12-01): its channel sends 1 message a second on purpose, so its 40
 * sends take 40 s to go out; that queue is what it tests.
 */

/** The message id of a send's answer: in `data` when sent, in `error.details` on a 503. */
function messageIdOf(res: ApiResponse): string {
  return res.status === 200 ? res.body.data.messageId : res.body.error.details.messageId;
}

describe("sends waiting for a throughput slot", () => {
  it("channel at 1/s, 40 sends 25 ms apart: each 503 is followed by message.sent, nothing is left `sending` unseen", async () => {
    const { orgId, key, channel, to } = await readySender({ throughput: 1 });
    const pending: Promise<ApiResponse>[] = [];
    for (let i = 0; i < 40; i++) {
      pending.push(send(key, { to, type: "text", text: { body: `queued ${i}` } }));
      // the scenario, not a wait: the sends arrive spread out, as a client's do
      await new Promise((r) => setTimeout(r, 25));
    }
    const results = await Promise.all(pending);
    for (const res of results) {
      if (res.status === 200) continue;
      expectError(res, 503, "SERVER_SERVICE_UNAVAILABLE");
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    const ids = results.map(messageIdOf);
    expect(new Set(ids).size).toBe(40);

    // every answer, 200 or 503, is followed by its outcome event
    const events = await eventually(async () => {
      const rows = await db().event.findMany({
        where: { organizationId: orgId, name: { in: ["message.sent", "message.failed"] } },
      });
      const settled = new Set(rows.map((e) => (e.data as { messageId: string }).messageId));
      return ids.every((id) => settled.has(id)) && rows;
    }, 90_000);
    expect(events.filter((e) => e.name === "message.failed")).toEqual([]);

    // each message reached the upstream exactly once, and none sits `sending` unseen by it
    const requests = await upstreamRequests(channel.phoneNumberId);
    const accepted = requests.filter((r) => r.result === 200).map((r) => r.body.biz_opaque_callback_data);
    expect([...accepted].sort()).toEqual([...ids].sort());
    const seen = new Set(requests.map((r) => r.body.biz_opaque_callback_data));
    const stored = await db().message.findMany({ where: { id: { in: ids } } });
    expect(stored.filter((m) => m.status === "sending" && !seen.has(m.id))).toEqual([]);
    expect(stored.every((m) => ["sent", "delivered", "read"].includes(m.status))).toBe(true);
  }, 150_000);
});
