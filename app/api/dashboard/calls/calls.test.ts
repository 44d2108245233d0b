import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import {
  type AnyJson,
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  randomPhone,
  sandbox,
} from "@/scripts/test/helpers";
import { digits } from "@/scripts/test/send-helpers";

/**
 * Answering a customer's call in the dashboard (issue 32, part 3): the live poll, the first staff
 * member wins, the others are told who, decline and hang-up; a call on one organization's number
 * never rings for another's staff. The SDP answer here is a placeholder (the sandbox signals
 * without media); e2e/calls-answer.spec.ts answers with Chromium's real one.
 */
const ANSWER = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 0\r\n";
const LIVE = "/api/dashboard/calls/live";

async function agentOf(orgId: string): Promise<{ cookie: string; email: string; userId: string }> {
  const staff = await createStaff("agent", orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error("the agent could not sign in");
  const user = await db().user.findUniqueOrThrow({ where: { email: staff.email } });
  return { cookie, email: staff.email, userId: user.id };
}

async function organization() {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId);
  return { ...org, channel, first: await agentOf(org.orgId), second: await agentOf(org.orgId) };
}

/** The customer calls; the call's id once the worker stored it. */
async function customerCalls(
  orgId: string,
  phoneNumberId: string,
  name: string,
): Promise<{ id: string; upstreamId: string }> {
  const started = await sandbox("/_sandbox/calls", "POST", {
    action: "start",
    phone_number_id: phoneNumberId,
    from: digits(randomPhone()),
    name,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const upstreamId: string = started.body.call_id;
  const call = await eventually(() =>
    db()
      .call.findFirst({ where: { organizationId: orgId, upstreamId } })
      .then((c) => c ?? undefined),
  );
  return { id: call.id, upstreamId };
}

const live = async (cookie: string): Promise<AnyJson[]> => {
  const res = await dashboardCall(cookie, LIVE);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { calls: AnyJson[] }).calls;
};

describe("answering calls in the dashboard", () => {
  it("rings for the number's organization only; the first agent wins, the second hears who; hang-up ends it", async () => {
    const a = await organization();
    const b = await organization();
    const { id, upstreamId } = await customerCalls(a.orgId, a.channel.phoneNumberId, "Grace Hopper");

    const ringing = (await live(a.first.cookie)).find((c) => c.id === id);
    expect(ringing).toMatchObject({
      state: "ringing",
      customer_name: "Grace Hopper",
      answered_by: null,
      answered_by_me: false,
      sdp_offer: expect.stringMatching(/^v=0\r\n/),
      conversation_id: null, // the customer never wrote: no conversation to link
    });
    // organization B: not listed, and its agent can neither answer nor decline it
    expect((await live(b.first.cookie)).map((c) => c.id)).not.toContain(id);
    const foreign = await dashboardCall(b.first.cookie, `/api/dashboard/calls/${id}/answer`, {
      method: "POST",
      body: { sdp: ANSWER },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe("RESOURCE_NOT_FOUND");
    const foreignDecline = await dashboardCall(b.first.cookie, `/api/dashboard/calls/${id}/decline`, {
      method: "POST",
    });
    expect(foreignDecline.status).toBe(404);
    expect((await db().call.findUniqueOrThrow({ where: { id } })).answeredBy).toBeNull();

    // a bad body is the validation envelope, nothing changes
    const bad = await dashboardCall(a.first.cookie, `/api/dashboard/calls/${id}/answer`, {
      method: "POST",
      body: { sdp: "hello" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect((await db().call.findUniqueOrThrow({ where: { id } })).state).toBe("ringing");

    // two agents at once: exactly one wins
    const [one, two] = await Promise.all([
      dashboardCall(a.first.cookie, `/api/dashboard/calls/${id}/answer`, {
        method: "POST",
        body: { sdp: ANSWER },
      }),
      dashboardCall(a.second.cookie, `/api/dashboard/calls/${id}/answer`, {
        method: "POST",
        body: { sdp: ANSWER },
      }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const [winner, loser, lost] = one.status === 200 ? [a.first, a.second, two] : [a.second, a.first, one];
    expect(lost.body.error).toMatchObject({
      code: "RESOURCE_INVALID_STATE",
      message: `Answered by ${winner.email}.`,
      details: { answered_by: winner.email },
    });
    const row = await db().call.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ state: "connected", answeredBy: winner.userId, sdpAnswer: ANSWER });
    const upstream = (await sandbox("/_sandbox/calls")).body.data.find((c: AnyJson) => c.id === upstreamId);
    expect(upstream).toMatchObject({ state: "accepted", actions: ["pre_accept", "accept"], answer: ANSWER });

    expect((await live(winner.cookie)).find((c) => c.id === id)).toMatchObject({
      state: "connected",
      answered_by: winner.email,
      answered_by_me: true,
      sdp_offer: null,
    });
    expect((await live(loser.cookie)).find((c) => c.id === id)).toMatchObject({
      answered_by: winner.email,
      answered_by_me: false,
    });
    // only the one who answered hangs up here
    const notMine = await dashboardCall(loser.cookie, `/api/dashboard/calls/${id}/hang-up`, {
      method: "POST",
    });
    expect(notMine.status).toBe(409);
    const hung = await dashboardCall(winner.cookie, `/api/dashboard/calls/${id}/hang-up`, { method: "POST" });
    expect(hung.status, JSON.stringify(hung.body)).toBe(200);
    await eventually(() =>
      db()
        .call.findUnique({ where: { id } })
        .then((c) => (c?.state === "ended" ? c : undefined)),
    );
    const again = await dashboardCall(loser.cookie, `/api/dashboard/calls/${id}/answer`, {
      method: "POST",
      body: { sdp: ANSWER },
    });
    expect(again.status).toBe(409);
  });

  it("decline rejects a ringing call for everyone; an unknown id is 404", async () => {
    const a = await organization();
    const { id, upstreamId } = await customerCalls(a.orgId, a.channel.phoneNumberId, "Ada");
    const declined = await dashboardCall(a.first.cookie, `/api/dashboard/calls/${id}/decline`, {
      method: "POST",
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect((await db().call.findUniqueOrThrow({ where: { id } })).state).toBe("rejected");
    const upstream = (await sandbox("/_sandbox/calls")).body.data.find((c: AnyJson) => c.id === upstreamId);
    expect(upstream.actions).toEqual(["reject"]);
    expect((await live(a.second.cookie)).find((c) => c.id === id)).toMatchObject({ state: "rejected" });
    const unknown = await dashboardCall(a.first.cookie, "/api/dashboard/calls/not-a-call/answer", {
      method: "POST",
      body: { sdp: ANSWER },
    });
    expect(unknown.status).toBe(404);
  });

  it("while an agent is answering, the API's accept and another agent's decline are refused", async () => {
    const a = await organization();
    const { id, upstreamId } = await customerCalls(a.orgId, a.channel.phoneNumberId, "Mid-answer");
    // the state between the dashboard's conditional update and Meta's accept
    await db().call.update({ where: { id }, data: { answeredBy: a.first.userId } });
    const viaApi = await api(`/v1/whatsapp/calls/${id}/accept`, {
      key: a.key,
      method: "POST",
      body: { sdp_answer: ANSWER },
    });
    expect(viaApi.status, viaApi.text).toBe(409);
    expect(viaApi.body.error.code).toBe("RESOURCE_INVALID_STATE");
    const declined = await dashboardCall(a.second.cookie, `/api/dashboard/calls/${id}/decline`, {
      method: "POST",
    });
    expect(declined.status).toBe(409);
    expect(declined.body.error?.message).toBe(`Answered by ${a.first.email}.`);
    const upstream = (await sandbox("/_sandbox/calls")).body.data.find((c: AnyJson) => c.id === upstreamId);
    expect(upstream.actions).toEqual([]);
  });
});
