import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireRingingCall, ringJobId } from "@/lib/calls/ring-timeout";
import { db } from "@/lib/db";
import { queue } from "@/lib/queues";
import {
  type AnyJson,
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  randomPhone,
  sandbox,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { digits } from "@/scripts/test/send-helpers";
import { registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

/**
 * The ring timeout (issue 32 part 3): a customer's call nobody answers within the channel's ring
 * seconds is rejected upstream and logged as missed, with one `call.ended`; an answered call is
 * left alone. The ring time is set to its minimum, 10 s, and every wait awaits a row, an event or
 * the timeout job's own completion, never a fixed time.
 *
 * Why it is slow (37.6 s in a run of `npm test` on a 2-core machine, 2026-12-01): three of its
 * calls wait out a real ring time, 10 s each (the channel's minimum, and the delay of the timeout
 * job the worker runs), one after another; the other tests end their calls at once.
 */
type Side = TestOrg & { channel: TestChannel; hook: TestReceiver };
let a: Side;
let b: Side;
const ANSWER = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n";

async function side(ringSeconds: number): Promise<Side> {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId);
  const hook = await TestReceiver.start();
  await registerWebhook(org.key, hook.url, { events: ["call.ringing", "call.connected", "call.ended"] });
  const set = await api(`/v1/whatsapp/channels/${channel.channelId}/calling`, {
    key: org.key,
    method: "PATCH",
    body: { ring_seconds: ringSeconds },
  });
  expect(set.status, set.text).toBe(200);
  return { ...org, channel, hook };
}

beforeAll(async () => {
  a = await side(10);
  b = await side(120);
});
afterAll(async () => {
  await a?.hook.down();
  await b?.hook.down();
});

async function customerCalls(channel: TestChannel): Promise<{ upstreamId: string; id: string }> {
  const started = await sandbox("/_sandbox/calls", "POST", {
    action: "start",
    phone_number_id: channel.phoneNumberId,
    from: digits(randomPhone()),
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const upstreamId: string = started.body.call_id;
  const row = await eventually(() =>
    db().call.findFirst({ where: { channelId: channel.channelId, upstreamId } }),
  );
  return { upstreamId, id: row.id };
}

const endedEvents = (hook: TestReceiver, callId: string): AnyJson[] =>
  hook.received
    .filter((r) => r.body?.event === "call.ended" && r.body?.data?.callId === callId)
    .map((r) => r.body);

async function sandboxCall(upstreamId: string): Promise<AnyJson> {
  return (await sandbox("/_sandbox/calls")).body.data.find((c: AnyJson) => c.id === upstreamId);
}

/** The call's ring-timeout job, once the worker has run it. */
async function timeoutJobDone(callId: string): Promise<AnyJson> {
  return eventually(async () => {
    const job = await queue("calls").getJob(ringJobId(callId));
    return job && (await job.isCompleted()) ? job.returnvalue : undefined;
  }, 60_000);
}

describe("a customer's call nobody answers", () => {
  it("is rejected upstream after the channel's ring seconds and ends missed, with one call.ended", async () => {
    const { upstreamId, id } = await customerCalls(a.channel);
    const missed = await eventually(async () => {
      const res = await api(`/v1/whatsapp/calls/${id}`, { key: a.key });
      return res.body.data?.state === "missed" ? res.body.data : undefined;
    }, 60_000);
    expect(missed).toMatchObject({
      state: "missed",
      end_reason: "missed",
      answered_by: null,
      sdp_offer: null,
    });
    const started = Date.parse(missed.started_at);
    expect(Date.parse(missed.ended_at) - started).toBeGreaterThanOrEqual(10_000 - 1_000);
    // Meta was told: the sandbox saw our reject
    expect((await sandboxCall(upstreamId)).actions).toContain("reject");
    const [ended] = await eventually(async () => {
      const events = endedEvents(a.hook, id);
      return events.length > 0 ? events : undefined;
    });
    expect(ended.data).toMatchObject({ state: "missed", endReason: "missed", callId: id });
    // WhatsApp's terminate notification for our reject arrives and is applied (its outcome): still one event
    await eventually(async () => (await db().call.findUnique({ where: { id } }))?.outcome);
    await timeoutJobDone(id);
    expect(endedEvents(a.hook, id)).toHaveLength(1);
    expect(b.hook.received.filter((r) => r.body?.data?.callId === id)).toEqual([]);
  });

  it("two timeouts at once (two workers, or the job and the sweeper) end it once", async () => {
    const { id } = await customerCalls(b.channel);
    const later = new Date(Date.now() + 10 * 60_000);
    const results = await Promise.all([
      expireRingingCall(b.orgId, id, later),
      expireRingingCall(b.orgId, id, later),
    ]);
    // at most one of them ends it: WhatsApp's terminate notification for the reject may end it
    // first (it reads the missed call both marked), and then neither does (CI, a loaded machine)
    expect(results.filter((r) => r === "missed").length).toBeLessThanOrEqual(1);
    expect(results.every((r) => r === "missed" || r === "left")).toBe(true);
    const row = await db().call.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ state: "missed", terminateReason: "missed" });
    await eventually(async () => (endedEvents(b.hook, id).length > 0 ? true : undefined));
    await eventually(async () => (await db().call.findUnique({ where: { id } }))?.outcome);
    expect(endedEvents(b.hook, id)).toHaveLength(1);
    expect(
      await db().event.count({
        where: { organizationId: b.orgId, name: "call.ended", data: { path: ["callId"], equals: id } },
      }),
    ).toBe(1);
  });
});

describe("a call answered before its ring time", () => {
  it("is left alone while a staff member holds it to answer in the dashboard, even past its ring time", async () => {
    const { upstreamId, id } = await customerCalls(b.channel);
    // what the dashboard's answer does first (lib/calls/dashboard-calls.ts): the first staff member wins
    const held = await db().call.updateMany({
      where: { id, state: "ringing", answeredBy: null },
      data: { answeredBy: b.orgId },
    });
    expect(held.count).toBe(1);
    expect(await expireRingingCall(b.orgId, id, new Date(Date.now() + 10 * 60_000))).toBe("left");
    const row = await db().call.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      state: "ringing",
      answeredBy: b.orgId,
      terminateReason: null,
      endedAt: null,
    });
    expect((await sandboxCall(upstreamId)).actions).toEqual([]);
    await sandbox("/_sandbox/calls", "POST", { action: "hang_up", call_id: upstreamId });
    await eventually(async () => (await db().call.findUnique({ where: { id } }))?.endedAt);
  });

  it("is left alone by the timeout", async () => {
    const { upstreamId, id } = await customerCalls(a.channel);
    const accepted = await api(`/v1/whatsapp/calls/${id}/accept`, {
      key: a.key,
      method: "POST",
      body: { sdp_answer: ANSWER },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await timeoutJobDone(id)).toMatchObject({ callId: id, result: "left" });
    const row = await db().call.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ state: "connected", answeredBy: "api", endedAt: null });
    expect(row.terminateReason).toBeNull();
    expect((await sandboxCall(upstreamId)).actions).toEqual(["accept"]);
    expect(endedEvents(a.hook, id)).toEqual([]);
    await sandbox("/_sandbox/calls", "POST", { action: "hang_up", call_id: upstreamId });
    await eventually(async () => (await db().call.findUnique({ where: { id } }))?.state === "ended");
  });

  it("a customer's own hang-up before the ring time ends it as today (missed by the notification), once", async () => {
    const { upstreamId, id } = await customerCalls(a.channel);
    await sandbox("/_sandbox/calls", "POST", { action: "hang_up", call_id: upstreamId });
    await eventually(async () => (await db().call.findUnique({ where: { id } }))?.state === "missed");
    await eventually(async () => (endedEvents(a.hook, id).length > 0 ? true : undefined));
    expect(await timeoutJobDone(id)).toMatchObject({ result: "left" });
    expect((await sandboxCall(upstreamId)).actions).toEqual([]);
    expect(endedEvents(a.hook, id)).toHaveLength(1);
  });
});
