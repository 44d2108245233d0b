import { describe, expect, it } from "vitest";
import { readRoutingRoles } from "@/lib/channels/read-routing-roles";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { type AnyJson, api, createTestOrg, eventually, expectError, sandbox } from "@/scripts/test/helpers";
import {
  customerWrites,
  eventsNamed,
  type InboundCustomer,
  inboundCustomer,
  inboundEvent,
  sendMessage,
} from "@/scripts/test/inbound-helpers";

/**
 * Issue 30 part 1: taking, handing back and passing a conversation under Meta's conversation
 * routing (POST /v1/whatsapp/conversations/{id}/take|release|pass), against the sandbox's
 * thread_control; a message on `messages` makes a conversation ours again; a reply that takes
 * a conversation says so; the channel's routing roles.
 */

async function secondResponder(c: InboundCustomer, extra: Record<string, unknown> = {}): Promise<void> {
  const ack = await sandbox("/_sandbox/routing", "POST", {
    phone_number_id: c.channel.phoneNumberId,
    second_responder: { app_id: "mba_app_tc", ...extra },
  });
  expect(ack.status, JSON.stringify(ack.body)).toBe(200);
}

/** The customer writes (routed to the other responder): the conversation, owned by the other. */
async function routedConversation(c: InboundCustomer): Promise<string> {
  await secondResponder(c);
  const wamid = await customerWrites(c, { type: "text", text: { body: "hello agent" } });
  await inboundEvent(c.orgId, wamid);
  const row = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: wamid } });
  const id = row.conversationId ?? "";
  await eventually(async () => (await db().conversation.findUnique({ where: { id } }))?.owner === "other");
  return id;
}

const control = (key: string, id: string, verb: string, body?: unknown) =>
  api(`/v1/whatsapp/conversations/${id}/${verb}`, { method: "POST", key, body: body ?? {} });

async function routingState(phoneNumberId: string): Promise<AnyJson> {
  const res = await sandbox(`/_sandbox/routing?phone_number_id=${phoneNumberId}`, "GET");
  expect(res.status).toBe(200);
  return res.body;
}

const owner = async (id: string) => db().conversation.findUniqueOrThrow({ where: { id } });

describe("thread control (take, release, pass)", () => {
  it("take makes the conversation ours (conversation.owner_changed, reason take) and the second responder hears control_taken; a second take is 409 with WhatsApp's error", async () => {
    const c = await inboundCustomer();
    const id = await routedConversation(c);

    const taken = await control(c.key, id, "take", { metadata: "a person answers now" });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.data).toEqual({
      conversationId: id,
      contactId: expect.any(String),
      channelId: c.channel.channelId,
      owner: "us",
      ownerAppId: null,
      changed: true,
    });
    expect(await owner(id)).toMatchObject({ owner: "us", ownerAppId: null });
    const events = await eventsNamed(c.orgId, "conversation.owner_changed");
    expect(events.at(-1)?.data).toMatchObject({
      conversationId: id,
      previousOwner: { owner: "other" },
      owner: { owner: "us", appId: null },
      reason: "take",
    });
    const state = await routingState(c.channel.phoneNumberId);
    expect(state.threads[c.from]).toBe("us");
    const heard = state.second_responder_handovers.at(-1).entry[0].changes[0];
    expect(heard.field).toBe("messaging_handovers");
    expect(heard.value).toMatchObject({
      type: "control_taken",
      control_taken: { new_owner_role: "escalation_partner", metadata: "a person answers now" },
      sender: { phone_number: c.from },
    });

    // the customer's next message now reaches us on `messages`
    const next = await customerWrites(c, { type: "text", text: { body: "thanks" } });
    expect((await inboundEvent(c.orgId, next)).responder).toBeUndefined();

    const again = await control(c.key, id, "take");
    expectError(again, 409, "RESOURCE_INVALID_STATE");
    expect(again.body.error.details.error).toMatchObject({ code: 2494191 });
    expect(await eventsNamed(c.orgId, "conversation.owner_changed")).toHaveLength(events.length);
  });

  it("release hands it back (owner other, no app named, no notification); a release of a conversation we do not own is 409; the customer's message on `messages` makes it ours again", async () => {
    const c = await inboundCustomer();
    const id = await routedConversation(c);
    expectError(await control(c.key, id, "release"), 409, "RESOURCE_INVALID_STATE");
    expect((await control(c.key, id, "take")).status).toBe(200);
    const heardBefore = (await routingState(c.channel.phoneNumberId)).second_responder_handovers.length;

    const released = await control(c.key, id, "release");
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data).toMatchObject({ owner: "other", ownerAppId: null, changed: true });
    expect(await owner(id)).toMatchObject({ owner: "other", ownerAppId: null });
    expect((await eventsNamed(c.orgId, "conversation.owner_changed")).at(-1)?.data).toMatchObject({
      owner: { owner: "other", appId: null },
      reason: "release",
    });
    // WhatsApp sends no messaging_handovers for a release
    expect((await routingState(c.channel.phoneNumberId)).second_responder_handovers).toHaveLength(
      heardBefore,
    );

    // WhatsApp's routing gives the customer's next message to us (here: the number has no second
    // responder any more): it arrives on `messages` and the conversation is ours again
    const none = await sandbox("/_sandbox/routing", "POST", {
      phone_number_id: c.channel.phoneNumberId,
      second_responder: null,
    });
    expect(none.status).toBe(200);
    const back = await customerWrites(c, { type: "text", text: { body: "anyone there?" } });
    expect((await inboundEvent(c.orgId, back)).responder).toBeUndefined();
    const changed = await eventually(async () => {
      const all = await eventsNamed(c.orgId, "conversation.owner_changed");
      return all.find((e) => e.data.reason === "messages");
    });
    expect(changed.data).toMatchObject({
      conversationId: id,
      previousOwner: { owner: "other", appId: null },
      owner: { owner: "us", appId: null },
    });
    expect(await owner(id)).toMatchObject({ owner: "us" });
  });

  it("pass gives it to Meta Business Agent by role; the second responder hears control_passed", async () => {
    const c = await inboundCustomer();
    const id = await routedConversation(c);
    expect((await control(c.key, id, "take")).status).toBe(200);
    const passed = await control(c.key, id, "pass", { target_role: "ai_agent", metadata: "back to the bot" });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(passed.body.data).toMatchObject({ owner: "other", ownerAppId: "ai_agent", changed: true });
    const heard = (await routingState(c.channel.phoneNumberId)).second_responder_handovers.at(-1).entry[0]
      .changes[0].value;
    expect(heard).toMatchObject({
      type: "control_passed",
      control_passed: { new_owner_role: "ai_agent", metadata: "back to the bot" },
    });
    expectError(await control(c.key, id, "pass", { target_role: "nobody" }), 400, "VALIDATION_INVALID_FIELD");
  });

  it("WhatsApp's refusals map to the contract: no routing on the number → 409, a closed 24-hour window → WHATSAPP_SESSION_CLOSED, neither changes the owner", async () => {
    // a number without a second responder: thread control is not permitted
    const plain = await inboundCustomer();
    const wamid = await customerWrites(plain, { type: "text", text: { body: "hi" } });
    await inboundEvent(plain.orgId, wamid);
    const conv = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: wamid } });
    const refused = await control(plain.key, conv.conversationId ?? "", "take");
    expectError(refused, 409, "RESOURCE_INVALID_STATE");
    expect(refused.body.error.details.error).toMatchObject({ code: 2494191 });

    // a customer who never wrote to the routed number: its window is closed at WhatsApp
    const c = await inboundCustomer();
    await secondResponder(c);
    const contact = await db().contact.create({
      data: { organizationId: c.orgId, phone: c.phone, name: "Never wrote" },
    });
    const quiet = await db().conversation.create({
      data: {
        organizationId: c.orgId,
        contactId: contact.id,
        channelId: c.channel.channelId,
        owner: "other",
      },
    });
    const closed = await control(c.key, quiet.id, "take");
    expectError(closed, 400, "WHATSAPP_SESSION_CLOSED");
    expect(closed.body.error.details.error).toMatchObject({ code: 131047 });
    expect(await owner(quiet.id)).toMatchObject({ owner: "other" });
    expect(await eventsNamed(c.orgId, "conversation.owner_changed")).toEqual([]);
  });

  it("another organization's conversation id is 404 and nothing changes there; an id that is not a UUID is 404", async () => {
    const a = await inboundCustomer();
    const id = await routedConversation(a);
    const b = await createTestOrg();
    for (const verb of ["take", "release", "pass"]) {
      const res = await control(b.key, id, verb);
      expectError(res, 404, "RESOURCE_NOT_FOUND");
    }
    expect(await owner(id)).toMatchObject({ owner: "other" });
    expect((await routingState(a.channel.phoneNumberId)).threads[a.from]).not.toBe("us");
    expectError(await control(b.key, "not-a-uuid", "take"), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("replies to a conversation another responder answers", () => {
  it("a /v1 send on a routed channel takes it over and says so (takeover, reason reply); the channel reads its routing roles", async () => {
    const c = await inboundCustomer();
    const id = await routedConversation(c);
    const channel = await db().channel.findUniqueOrThrow({ where: { id: c.channel.channelId } });
    expect(await readRoutingRoles(channel)).toEqual({ roles: ["escalation_partner"], isStandby: true });
    const listed = await api("/v1/whatsapp/channels", { key: c.key });
    const mine = listed.body.data.find((x: AnyJson) => x.id === c.channel.channelId);
    expect(mine.routing).toMatchObject({ roles: ["escalation_partner"], is_standby: true, error: null });

    const sent = await sendMessage(c.key, { to: c.phone, type: "text", text: { body: "A person here" } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.takeover).toEqual({
      conversationId: id,
      previousOwner: { owner: "other", appId: null },
    });
    expect(await owner(id)).toMatchObject({ owner: "us" });
    expect((await eventsNamed(c.orgId, "conversation.owner_changed")).at(-1)?.data).toMatchObject({
      reason: "reply",
      owner: { owner: "us" },
    });
    expect((await routingState(c.channel.phoneNumberId)).threads[c.from]).toBe("us");

    // ours now: the next send carries no takeover
    const again = await sendMessage(c.key, { to: c.phone, type: "text", text: { body: "still me" } });
    expect(again.status).toBe(200);
    expect(again.body.data.takeover).toBeUndefined();
  });

  it("the dashboard refuses a reply that was not confirmed (409, take_over) and sends a confirmed one", async () => {
    const c = await inboundCustomer();
    const id = await routedConversation(c);
    const staff = await createStaff("agent", c.orgId);
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    if (!cookie) throw new Error("the agent could not sign in");

    const thread = await dashboardCall(cookie, `/api/dashboard/conversations/${id}`);
    expect((thread.body.data as AnyJson).conversation.owner).toEqual({ owner: "other", app_id: null });
    expect((thread.body.data as AnyJson).routed).toBe(true);

    const path = `/api/dashboard/conversations/${id}/messages`;
    const refused = await dashboardCall(cookie, path, { method: "POST", body: { type: "text", text: "hi" } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "RESOURCE_INVALID_STATE",
      details: { field: "take_over" },
    });
    expect(await db().message.count({ where: { conversationId: id, direction: "outbound" } })).toBe(0);

    const sent = await dashboardCall(cookie, path, {
      method: "POST",
      body: { type: "text", text: "hi", take_over: true },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await owner(id)).toMatchObject({ owner: "us" });

    const handBack = await dashboardCall(cookie, `/api/dashboard/conversations/${id}/release`, {
      method: "POST",
    });
    expect(handBack.status, JSON.stringify(handBack.body)).toBe(200);
    expect(await owner(id)).toMatchObject({ owner: "other" });
  });
});
