/**
 * Upstream answers during a broadcast: none stops it. 131049 and 131026 fail their recipient
 * with the upstream code and the guide's words; 131056 retries that recipient later; 130429
 * (injected, or the sandbox's own per-number limit) slows the channel down; every recipient
 * gets at most one accepted upstream message. Retry puts failures that may clear back.
 */
import { describe, expect, it } from "vitest";
import { UPSTREAM_ERROR_GUIDE } from "@/lib/cloud-api/upstream-error-guide";
import { db } from "@/lib/db";
import {
  allRecipients,
  control,
  createBroadcast,
  readyBroadcaster,
  waitForBroadcast,
} from "@/scripts/test/broadcast-helpers";
import { type AnyJson, randomPhone, sandbox } from "@/scripts/test/helpers";
import { injectFault, upstreamRequests } from "@/scripts/test/send-helpers";

const notice = { name: "plain_notice", language: { code: "en_US" } };

async function start(b: { key: string }, n: number) {
  const res = await createBroadcast(b.key, {
    name: "Notice",
    template: notice,
    recipients: Array.from({ length: n }, () => ({ to: randomPhone() })),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

/** Accepted upstream messages per recipient phone: each must be exactly one. */
async function acceptedPerPhone(phoneNumberId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const r of await upstreamRequests(phoneNumberId)) {
    if (r.result !== 200) continue;
    counts.set(`+${r.body.to}`, (counts.get(`+${r.body.to}`) ?? 0) + 1);
  }
  return counts;
}

const settled = (x: AnyJson) => x.status === "completed" && x.counts.pending === 0;

describe("upstream answers during a broadcast", () => {
  it("131049 and 131026 fail one recipient each with the code and the guide's message; the rest is sent", async () => {
    const b = await readyBroadcaster();
    await injectFault(b.channel.phoneNumberId, { count: 1, status: 400, error: { code: 131049 } });
    await injectFault(b.channel.phoneNumberId, { count: 1, status: 400, error: { code: 131026 } });
    const id = await start(b, 5);
    const done = await waitForBroadcast(b.key, id, settled);
    expect(done.counts).toMatchObject({ total: 5, failed: 2, sent: 3 });
    const failed = await allRecipients(b.key, id, "failed");
    expect(failed.map((r) => r.error.code).sort()).toEqual([131026, 131049]);
    for (const r of failed) {
      expect(r.error.message).toBe(UPSTREAM_ERROR_GUIDE[r.error.code]?.message);
      expect(r.messageId).not.toBeNull();
    }
    const events = await db().event.findMany({
      where: { organizationId: b.orgId, name: "message.failed", data: { path: ["broadcastId"], equals: id } },
    });
    expect(events.map((e) => (e.data as AnyJson).error.code).sort()).toEqual([131026, 131049]);
    expect([...(await acceptedPerPhone(b.channel.phoneNumberId)).values()]).toEqual([1, 1, 1]);

    // 131049 may clear later; 131026 will not: retry puts back one, and the broadcast runs again
    const retried = await control(b.key, id, "retry");
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data).toEqual({ count: 1 });
    const again = await waitForBroadcast(b.key, id, (x) => settled(x) && x.counts.failed === 1);
    expect(again.counts).toMatchObject({ total: 5, sent: 4, failed: 1 });
    const perPhone = await acceptedPerPhone(b.channel.phoneNumberId);
    expect([...perPhone.values()]).toEqual([1, 1, 1, 1]);
  });

  it("131056 retries that recipient later; it is sent exactly once", async () => {
    const b = await readyBroadcaster();
    await injectFault(b.channel.phoneNumberId, { count: 1, status: 400, error: { code: 131056 } });
    const id = await start(b, 3);
    const done = await waitForBroadcast(b.key, id, settled);
    expect(done.counts).toMatchObject({ total: 3, sent: 3, failed: 0 });
    const requests = await upstreamRequests(b.channel.phoneNumberId);
    expect(requests.filter((r) => r.result === 400).map((r) => r.response.error.code)).toEqual([131056]);
    expect([...(await acceptedPerPhone(b.channel.phoneNumberId)).values()]).toEqual([1, 1, 1]);
  }, 60_000);

  it("130429 past the number's real limit (lower than configured) slows the channel; all are sent once", async () => {
    const b = await readyBroadcaster({ throughput: 40 });
    // the number's real throughput upstream is lower than the channel says (set through the control API)
    await sandbox(`/_sandbox/phone-numbers/${b.channel.phoneNumberId}`, "PUT", {
      waba_id: b.channel.wabaId,
      display_phone_number: "+1 555 0100",
      access_token: b.channel.token,
      throughput_per_second: 4,
    });
    const id = await start(b, 24);
    const done = await waitForBroadcast(b.key, id, settled);
    expect(done.counts).toMatchObject({ total: 24, sent: 24, failed: 0 });
    const requests = await upstreamRequests(b.channel.phoneNumberId);
    const refused = requests.filter((r) => r.result === 400);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.response.error.code === 130429)).toBe(true);
    const perPhone = await acceptedPerPhone(b.channel.phoneNumberId);
    expect(perPhone.size).toBe(24);
    expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
  }, 70_000);
});
