import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import {
  type AnyJson,
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  expectError,
  randomPhone,
  SANDBOX_URL,
  sandbox,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { envelope, postNotification } from "@/scripts/test/inbound-helpers";
import { openApiValidator } from "@/scripts/test/openapi-validator";
import { digits, openWindow, upstreamRequests } from "@/scripts/test/send-helpers";
import { registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

/**
 * Voice calls (issue 32, signalling): the `calls` notifications the sandbox posts as Meta does
 * become calls of the organization owning the number only; the API relays pre-accept, accept,
 * reject and terminate; a business-initiated call needs the customer's permission, whose requests
 * WhatsApp limits. Two organizations: one's calls never reach the other.
 */
const CALLS = "/v1/whatsapp/calls";
const CALL_EVENTS = ["call.ringing", "call.connected", "call.ended", "call.permission_changed"];
const ANSWER = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n";
const OFFER = "v=0\r\no=- 7 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n";

type Side = TestOrg & { channel: TestChannel; hook: TestReceiver };
let a: Side;
let b: Side;
let validator: ReturnType<typeof openApiValidator>;

async function side(): Promise<Side> {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId);
  const hook = await TestReceiver.start();
  await registerWebhook(org.key, hook.url, { events: CALL_EVENTS });
  return { ...org, channel, hook };
}

beforeAll(async () => {
  validator = openApiValidator((await api("/v1/openapi.json")).body);
  a = await side();
  b = await side();
});
afterAll(async () => {
  await a?.hook.down();
  await b?.hook.down();
});

/** The call events `hook` received for our call id, in arrival order, each checked against the document. */
function eventsOf(hook: TestReceiver, callId: string): AnyJson[] {
  const mine = hook.received.filter((r) => r.body?.data?.callId === callId);
  for (const r of mine) expect(validator.delivery(r.body.event, r.headers, r.body), r.raw).toEqual([]);
  return mine.map((r) => r.body);
}

async function waitEvent(hook: TestReceiver, callId: string, name: string): Promise<AnyJson> {
  return eventually(async () => eventsOf(hook, callId).find((e) => e.event === name));
}

async function callByUpstreamId(key: string, upstreamId: string): Promise<AnyJson | undefined> {
  const res = await api(`${CALLS}?per_page=100`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data.find((c: AnyJson) => c.call_id === upstreamId);
}

async function sandboxCall(upstreamId: string): Promise<AnyJson> {
  const res = await sandbox("/_sandbox/calls");
  return res.body.data.find((c: AnyJson) => c.id === upstreamId);
}

async function customerCalls(channel: TestChannel, from: string): Promise<string> {
  const started = await sandbox("/_sandbox/calls", "POST", {
    action: "start",
    phone_number_id: channel.phoneNumberId,
    from: digits(from),
    name: "Grace",
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.status).toBe(200);
  return started.body.call_id;
}

async function stateOf(key: string, id: string, state: string): Promise<AnyJson> {
  return eventually(async () => {
    const res = await api(`${CALLS}/${id}`, { key });
    return res.body.data?.state === state ? res.body.data : undefined;
  });
}

describe("a customer's call", () => {
  it("rings for the number's organization only, is pre-accepted and accepted through the API, ends; events ringing → connected → ended", async () => {
    const phone = randomPhone();
    const upstreamId = await customerCalls(a.channel, phone);
    const call = await eventually(() => callByUpstreamId(a.key, upstreamId));
    expect(call).toMatchObject({
      direction: "user_initiated",
      state: "ringing",
      channel_id: a.channel.channelId,
      customer_phone: phone,
      answered_by: null,
      duration_seconds: null,
    });
    // the offer exactly as the sandbox (Meta) sent it
    const upstream = await sandboxCall(upstreamId);
    expect(call.sdp_offer).toBe(upstream.offer);
    expect(call.sdp_offer).toMatch(/^v=0\r\n/);
    const ringing = await waitEvent(a.hook, call.id, "call.ringing");
    expect(ringing.data).toMatchObject({
      upstreamCallId: upstreamId,
      sdpOffer: upstream.offer,
      customerPhone: phone,
    });
    const contact = await db().contact.findFirstOrThrow({ where: { organizationId: a.orgId, phone } });
    expect(call.contact_id).toBe(contact.id);

    // the other organization: not listed, 404 by id, no action, no event
    expect(await callByUpstreamId(b.key, upstreamId)).toBeUndefined();
    expectError(await api(`${CALLS}/${call.id}`, { key: b.key }), 404, "RESOURCE_NOT_FOUND");
    expectError(
      await api(`${CALLS}/${call.id}/accept`, { key: b.key, method: "POST", body: { sdp_answer: ANSWER } }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(await db().contact.count({ where: { organizationId: b.orgId, phone } })).toBe(0);

    const pre = await api(`${CALLS}/${call.id}/pre-accept`, {
      key: a.key,
      method: "POST",
      body: { sdp_answer: ANSWER },
    });
    expect(pre.status, pre.text).toBe(200);
    expect(pre.body.data).toMatchObject({ state: "ringing", sdp_answer: ANSWER });
    const accepted = await api(`${CALLS}/${call.id}/accept`, {
      key: a.key,
      method: "POST",
      body: { sdp_answer: ANSWER },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: "connected", answered_by: "api" });
    expect(await sandboxCall(upstreamId)).toMatchObject({
      state: "accepted",
      answer: ANSWER,
      actions: ["pre_accept", "accept"],
    });
    // accepted twice, or rejected once connected: refused before Meta
    expectError(
      await api(`${CALLS}/${call.id}/accept`, { key: a.key, method: "POST", body: { sdp_answer: ANSWER } }),
      409,
      "RESOURCE_INVALID_STATE",
    );
    expectError(
      await api(`${CALLS}/${call.id}/reject`, { key: a.key, method: "POST" }),
      409,
      "RESOURCE_INVALID_STATE",
    );
    await waitEvent(a.hook, call.id, "call.connected");

    // the customer hangs up: WhatsApp's terminate notification
    expect(
      (await sandbox("/_sandbox/calls", "POST", { action: "hang_up", call_id: upstreamId })).status,
    ).toBe(200);
    const ended = await stateOf(a.key, call.id, "ended");
    expect(ended).toMatchObject({
      end_reason: "completed",
      outcome: "COMPLETED",
      sdp_offer: null,
      sdp_answer: null,
    });
    expect(ended.duration_seconds).toBeGreaterThanOrEqual(0);
    const endedEvent = await waitEvent(a.hook, call.id, "call.ended");
    expect(endedEvent.data).toMatchObject({
      state: "ended",
      endReason: "completed",
      durationSeconds: ended.duration_seconds,
    });
    expect(eventsOf(a.hook, call.id).map((e) => e.event)).toEqual([
      "call.ringing",
      "call.connected",
      "call.ended",
    ]);
    expect(b.hook.received.filter((r) => String(r.body?.event).startsWith("call."))).toEqual([]);

    // filters
    const list = await api(
      `${CALLS}?state=ended&direction=user_initiated&channel_id=${a.channel.channelId}`,
      { key: a.key },
    );
    expect(list.body.data.map((c: AnyJson) => c.id)).toContain(call.id);
    const none = await api(`${CALLS}?state=ringing&direction=business_initiated`, { key: a.key });
    expect(none.body.data.map((c: AnyJson) => c.id)).not.toContain(call.id);
    expectError(await api(`${CALLS}?state=sleeping`, { key: a.key }), 400, "VALIDATION_INVALID_FIELD");
  });

  it("a call nobody answers is missed; a call the business rejects is rejected", async () => {
    const missedId = await customerCalls(a.channel, randomPhone());
    const missed = await eventually(() => callByUpstreamId(a.key, missedId));
    await sandbox("/_sandbox/calls", "POST", { action: "hang_up", call_id: missedId });
    expect(await stateOf(a.key, missed.id, "missed")).toMatchObject({
      end_reason: "missed",
      answered_by: null,
    });
    expect((await waitEvent(a.hook, missed.id, "call.ended")).data).toMatchObject({
      state: "missed",
      endReason: "missed",
    });

    const rejectedId = await customerCalls(a.channel, randomPhone());
    const rejected = await eventually(() => callByUpstreamId(a.key, rejectedId));
    const res = await api(`${CALLS}/${rejected.id}/reject`, { key: a.key, method: "POST" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.state).toBe("rejected");
    expect((await sandboxCall(rejectedId)).state).toBe("rejected");
    // WhatsApp's terminate that follows keeps it rejected, with one call.ended
    await eventually(async () => (await db().call.findUnique({ where: { id: rejected.id } }))?.outcome);
    expect((await api(`${CALLS}/${rejected.id}`, { key: a.key })).body.data).toMatchObject({
      state: "rejected",
      end_reason: "business_rejected",
    });
    await waitEvent(a.hook, rejected.id, "call.ringing");
    expect((await waitEvent(a.hook, rejected.id, "call.ended")).data).toMatchObject({
      state: "rejected",
      endReason: "business_rejected",
    });
    expect(eventsOf(a.hook, rejected.id).map((e) => e.event)).toEqual(["call.ringing", "call.ended"]);
    // the sandbox (Meta) refuses an action on a call in the wrong state with its error shape
    const again = await fetch(`${SANDBOX_URL}/v23.0/${a.channel.phoneNumberId}/calls`, {
      method: "POST",
      headers: { authorization: `Bearer ${a.channel.token}`, "content-type": "application/json" },
      body: JSON.stringify({ messaging_product: "whatsapp", call_id: rejectedId, action: "terminate" }),
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toMatchObject({
      code: 138008,
      error_data: { details: expect.any(String) },
    });
  });
});

describe("a calls notification the product cannot read", () => {
  it("is kept as unprocessed on the number's channel (never dropped), not on the other organization's", async () => {
    const calls = (value: Record<string, unknown>) => {
      const body = envelope(a.channel.phoneNumberId, value, a.channel.wabaId);
      body.entry[0]?.changes.forEach((c) => {
        c.field = "calls";
      });
      return JSON.stringify(body);
    };
    // an event nobody documents, and the end of a call we never heard of
    const unknown = { calls: [{ id: "wacid.unknown", from: "15550001", to: "15550100", event: "transfer" }] };
    const stranger = {
      calls: [{ id: "wacid.stranger", event: "terminate", status: "COMPLETED", duration: 3 }],
    };
    expect((await postNotification(calls(unknown))).status).toBe(200);
    expect((await postNotification(calls(stranger))).status).toBe(200);
    const row = await eventually(async () =>
      db().channelUnprocessedField.findFirst({
        where: { channelId: a.channel.channelId, field: "calls", count: { gte: 2 } },
      }),
    );
    expect(row.organizationId).toBe(a.orgId);
    expect(await db().channelUnprocessedField.count({ where: { channelId: b.channel.channelId } })).toBe(0);
    expect(
      await db().call.count({ where: { upstreamId: { in: ["wacid.unknown", "wacid.stranger"] } } }),
    ).toBe(0);
  });
});

describe("a customer's call to a number whose callback permission is enabled", () => {
  it("gives the business a temporary permission (WhatsApp's automatic reply): kept on the contact, announced as automatic, and the business may call back", async () => {
    const c = await side();
    try {
      const enabled = await api(`/v1/whatsapp/channels/${c.channel.channelId}/calling`, {
        key: c.key,
        method: "PATCH",
        body: { callback_permission_status: "ENABLED" },
      });
      expect(enabled.status, enabled.text).toBe(200);
      const phone = randomPhone();
      const upstreamId = await customerCalls(c.channel, phone);
      const changed = await eventually(async () =>
        c.hook.received.find((r) => r.body?.event === "call.permission_changed"),
      );
      expect(validator.delivery("call.permission_changed", changed.headers, changed.body)).toEqual([]);
      expect(changed.body.data).toMatchObject({
        customerPhone: phone,
        response: "accept",
        permanent: false,
        expiresAt: expect.any(String),
        source: "automatic",
      });
      // a temporary permission: 7 days from the call (WhatsApp's expiration_timestamp, whole seconds)
      const days = (Date.parse(changed.body.data.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      const listed = await api(`/v1/contacts?search=${encodeURIComponent(phone)}`, { key: c.key });
      const contact = listed.body.data.find((x: AnyJson) => x.phone === phone);
      expect(contact?.id).toBe(changed.body.data.contactId);
      expect(contact.call_permission).toMatchObject({ status: "granted", permanent: false });

      // the customer hangs up; the business calls back, which WhatsApp now allows
      await sandbox("/_sandbox/calls", "POST", { action: "hang_up", call_id: upstreamId });
      const placed = await api(CALLS, { key: c.key, method: "POST", body: { to: phone, sdp_offer: OFFER } });
      expect(placed.status, placed.text).toBe(201);
      expect(await sandboxCall(placed.body.data.call_id)).toMatchObject({ direction: "BUSINESS_INITIATED" });
      // another organization's customers are not touched
      expect(a.hook.received.filter((r) => r.body?.data?.contactId === contact.id)).toEqual([]);
    } finally {
      await c.hook.down();
    }
  });

  it("without it (the number's default), a customer's call gives no permission", async () => {
    const phone = randomPhone();
    const started = await sandbox("/_sandbox/calls", "POST", {
      action: "start",
      phone_number_id: a.channel.phoneNumberId,
      from: digits(phone),
      name: "Grace",
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // the sandbox posts no permission reply (it would have said how that delivery went)
    expect(started.body.callback_permission_status).toBeUndefined();
    const ringing = await eventually(async () => callByUpstreamId(a.key, started.body.call_id));
    await sandbox("/_sandbox/calls", "POST", { action: "hang_up", call_id: started.body.call_id });
    const refused = await api(CALLS, { key: a.key, method: "POST", body: { to: phone, sdp_offer: OFFER } });
    expectError(refused, 400, "WHATSAPP_CALL_PERMISSION_REQUIRED");
    expect(refused.body.error.details).toMatchObject({
      contact_id: ringing.contact_id,
      call_permission: null,
    });
  });
});

describe("a call the business places", () => {
  it("needs the customer's permission; permission requests are limited; an answered call connects and ends", async () => {
    const phone = randomPhone();
    await openWindow(a.orgId, a.channel.phoneNumberId, phone);
    const callsBefore = (await sandbox("/_sandbox/calls")).body.data.length;

    const refused = await api(CALLS, { key: a.key, method: "POST", body: { to: phone, sdp_offer: OFFER } });
    expectError(refused, 400, "WHATSAPP_CALL_PERMISSION_REQUIRED");
    expect(refused.body.error.details).toMatchObject({ rule: "call_permission", call_permission: null });
    expect((await sandbox("/_sandbox/calls")).body.data.length).toBe(callsBefore);

    const asked = await api(`${CALLS}/permissions`, { key: a.key, method: "POST", body: { to: phone } });
    expect(asked.status, asked.text).toBe(201);
    const requests = () =>
      upstreamRequests(a.channel.phoneNumberId, phone).then((all) =>
        all.filter((r) => (r.body as AnyJson)?.interactive?.type === "call_permission_request"),
      );
    expect(await requests()).toHaveLength(1);
    // one in 24 hours
    const second = await api(`${CALLS}/permissions`, { key: a.key, method: "POST", body: { to: phone } });
    expectError(second, 400, "WHATSAPP_CALL_PERMISSION_LIMIT");
    expect(second.body.error.details.rule).toBe("one_per_24_hours");
    // two in 7 days: the first a day and a half ago, a second now, a third refused
    const day = 24 * 60 * 60 * 1000;
    await db().callPermissionRequest.updateMany({
      where: { id: asked.body.data.id },
      data: { createdAt: new Date(Date.now() - 1.5 * day) },
    });
    expect(
      (await api(`${CALLS}/permissions`, { key: a.key, method: "POST", body: { to: phone } })).status,
    ).toBe(201);
    await db().callPermissionRequest.updateMany({
      where: { contactId: asked.body.data.contact_id, id: { not: asked.body.data.id } },
      data: { createdAt: new Date(Date.now() - 1.2 * day) },
    });
    const third = await api(`${CALLS}/permissions`, { key: a.key, method: "POST", body: { to: phone } });
    expectError(third, 400, "WHATSAPP_CALL_PERMISSION_LIMIT");
    expect(third.body.error.details.rule).toBe("two_per_7_days");
    expect(await requests()).toHaveLength(2);

    // the customer accepts (temporarily): kept on the contact, call.permission_changed
    const reply = await sandbox("/_sandbox/calls/permission-reply", "POST", {
      phone_number_id: a.channel.phoneNumberId,
      from: digits(phone),
      response: "accept",
    });
    expect(reply.body.status).toBe(200);
    const contact = await eventually(async () => {
      const res = await api(`/v1/contacts?search=${encodeURIComponent(phone)}`, { key: a.key });
      const c = res.body.data.find((x: AnyJson) => x.phone === phone);
      return c?.call_permission?.status === "granted" ? c : undefined;
    });
    expect(contact.call_permission).toMatchObject({ permanent: false, expires_at: expect.any(String) });
    const changed = await eventually(async () =>
      a.hook.received.find(
        (r) => r.body?.event === "call.permission_changed" && r.body.data.contactId === contact.id,
      ),
    );
    expect(validator.delivery("call.permission_changed", changed.headers, changed.body)).toEqual([]);
    expect(changed.body.data).toMatchObject({ response: "accept", permanent: false, source: "user_action" });

    const placed = await api(CALLS, { key: a.key, method: "POST", body: { to: phone, sdp_offer: OFFER } });
    expect(placed.status, placed.text).toBe(201);
    const call = placed.body.data;
    expect(call).toMatchObject({
      direction: "business_initiated",
      state: "ringing",
      sdp_offer: OFFER,
      contact_id: contact.id,
    });
    expect(await sandboxCall(call.call_id)).toMatchObject({ offer: OFFER, direction: "BUSINESS_INITIATED" });
    // the other organization cannot see or end it
    expectError(await api(`${CALLS}/${call.id}`, { key: b.key }), 404, "RESOURCE_NOT_FOUND");
    expectError(
      await api(`${CALLS}/${call.id}/terminate`, { key: b.key, method: "POST" }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    // a business-initiated call is not accepted by the business
    expectError(
      await api(`${CALLS}/${call.id}/accept`, { key: a.key, method: "POST", body: { sdp_answer: ANSWER } }),
      409,
      "RESOURCE_INVALID_STATE",
    );

    // the customer answers: RINGING, ACCEPTED, then connect with WhatsApp's SDP answer
    const answered = await sandbox("/_sandbox/calls", "POST", { action: "answer", call_id: call.call_id });
    expect(answered.body.statuses).toEqual([200, 200, 200]);
    const connected = await stateOf(a.key, call.id, "connected");
    const upstreamAnswer = (await sandboxCall(call.call_id)).answer;
    expect(connected.sdp_answer).toBe(upstreamAnswer);
    expect((await waitEvent(a.hook, call.id, "call.connected")).data).toMatchObject({
      direction: "business_initiated",
      answeredBy: null,
      sdpAnswer: upstreamAnswer,
    });

    const hungUp = await api(`${CALLS}/${call.id}/terminate`, { key: a.key, method: "POST" });
    expect(hungUp.status, hungUp.text).toBe(200);
    expect(await stateOf(a.key, call.id, "ended")).toMatchObject({ end_reason: "completed" });
    await waitEvent(a.hook, call.id, "call.ended");
    expect(eventsOf(a.hook, call.id).map((e) => e.event)).toEqual(["call.connected", "call.ended"]);
    expect(b.hook.received.filter((r) => String(r.body?.event).startsWith("call."))).toEqual([]);

    // the thread shows the call (the customer wrote first: the call belongs to that conversation)
    expect(call.conversation_id).not.toBeNull();
    const staff = await createStaff("agent", a.orgId);
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    if (!cookie) throw new Error("the agent could not sign in");
    const thread = await dashboardCall(cookie, `/api/dashboard/conversations/${call.conversation_id}`);
    expect(thread.status).toBe(200);
    expect((thread.body.data as AnyJson).calls).toEqual([
      expect.objectContaining({
        id: call.id,
        direction: "business_initiated",
        state: "ended",
        answered_by: null,
      }),
    ]);
    const other = await createStaff("agent", b.orgId);
    const signedB = await signInWithPassword(other.email, other.password);
    if (!signedB.cookie) throw new Error("the other agent could not sign in");
    expect(
      (await dashboardCall(signedB.cookie, `/api/dashboard/conversations/${call.conversation_id}`)).status,
    ).toBe(404);
  });
});
