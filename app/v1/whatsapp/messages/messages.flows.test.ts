import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  allRecipients,
  createBroadcast,
  readyBroadcaster,
  waitForBroadcast,
} from "@/scripts/test/broadcast-helpers";
import { type AnyJson, api, eventually, randomPhone, sandbox } from "@/scripts/test/helpers";
import { eventsNamed, inboundEvent } from "@/scripts/test/inbound-helpers";
import {
  acceptedRequest,
  digits,
  readySender,
  type Sender,
  send,
  waitForTemplateSync,
} from "@/scripts/test/send-helpers";

/** Meta's "Sending a Flow": an interactive message of type flow, navigate to the first screen. */
const flowMessage = (parameters: Record<string, unknown> = {}) => ({
  type: "interactive",
  interactive: {
    type: "flow",
    body: { text: "Book your appointment" },
    action: {
      name: "flow",
      parameters: {
        flow_message_version: "3",
        flow_id: "1197715005513101",
        flow_cta: "Book now",
        flow_action: "navigate",
        flow_action_payload: { screen: "BOOKING", data: { slots: ["09:00", "10:00"] } },
        ...parameters,
      },
    },
  },
});

/** A template with a FLOW button (Meta's template FLOW button). */
const BOOKING_TEMPLATE = {
  name: "booking_flow",
  language: "en_US",
  category: "UTILITY",
  components: [
    { type: "BODY", text: "Ready to book your appointment?" },
    {
      type: "BUTTONS",
      buttons: [{ type: "FLOW", text: "Book now", flow_id: "1197715005513101", navigate_screen: "BOOKING" }],
    },
  ],
};

async function sendFlow(s: Sender, parameters: Record<string, unknown> = {}) {
  const res = await send(s.key, { to: s.to, ...flowMessage(parameters) });
  expect(res.status, res.text).toBe(200);
  const messageId: string = res.body.data.messageId;
  const stored = await db().message.findUniqueOrThrow({ where: { id: messageId } });
  return { messageId, wamid: res.body.data.whatsappMessageId as string, stored };
}

/** The customer completes the Flow in the sandbox; answers the nfm_reply's wamid. */
async function complete(s: Sender, wamid: string, extra: Record<string, unknown>): Promise<string> {
  const ack = await sandbox("/_sandbox/flows/complete", "POST", {
    phone_number_id: s.channel.phoneNumberId,
    from: digits(s.to),
    message_id: wamid,
    ...extra,
  });
  expect(ack.status, JSON.stringify(ack.body)).toBe(200);
  expect(ack.body.status, JSON.stringify(ack.body)).toBe(200);
  return String(ack.body.id);
}

describe("WhatsApp Flows: send a Flow, receive the answer", () => {
  it("a Flow without flow_token → the product makes one, keeps it and sends it; the answer comes back as message.inbound with flow_response and flow.completed", async () => {
    const s = await readySender();
    const { messageId, wamid, stored } = await sendFlow(s);
    expect(stored.flowToken).toMatch(/^flt_[A-Za-z0-9_-]{32}$/);

    const accepted = await acceptedRequest(s.channel.phoneNumberId, messageId);
    expect(accepted.result).toBe(200);
    expect(accepted.body.interactive.type).toBe("flow");
    expect(accepted.body.interactive.action).toEqual({
      name: "flow",
      parameters: {
        flow_message_version: "3",
        flow_token: stored.flowToken,
        flow_id: "1197715005513101",
        flow_cta: "Book now",
        flow_action: "navigate",
        flow_action_payload: { screen: "BOOKING", data: { slots: ["09:00", "10:00"] } },
      },
    });

    const answer = await complete(s, wamid, {
      response: { date: "2026-12-01", slot: "09:00", notify: true },
    });
    const data = await inboundEvent(s.orgId, answer);
    expect(data.contentType).toBe("interactive");
    expect(data.content).toEqual({
      interactive: {
        type: "flow",
        body: "Sent",
        flow_response: {
          flow_token: stored.flowToken,
          fields: { date: "2026-12-01", slot: "09:00", notify: true },
          message_id: messageId,
          broadcast_id: null,
          malformed: false,
        },
      },
    });
    const completed = await eventually(async () =>
      (await eventsNamed(s.orgId, "flow.completed")).find((e) => e.data.messageId === data.messageId),
    );
    expect(completed.data).toEqual({
      messageId: data.messageId,
      flowMessageId: messageId,
      broadcastId: null,
      conversationId: data.conversationId,
      contactId: data.contactId,
      channelId: s.channel.channelId,
      flowToken: stored.flowToken,
      fields: { date: "2026-12-01", slot: "09:00", notify: true },
      timestamp: expect.any(String),
    });
    const row = await db().message.findUniqueOrThrow({ where: { id: data.messageId } });
    expect((row.content as AnyJson).interactive.flow_response.message_id).toBe(messageId);
  });

  it("a flow_token given by the caller is kept as given; a second message may not reuse it in the organization", async () => {
    const s = await readySender();
    const token = `booking-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const { messageId, stored } = await sendFlow(s, { flow_token: token });
    expect(stored.flowToken).toBe(token);
    const accepted = await acceptedRequest(s.channel.phoneNumberId, messageId);
    expect(accepted.body.interactive.action.parameters.flow_token).toBe(token);

    const again = await send(s.key, { to: s.to, ...flowMessage({ flow_token: token }) });
    expect(again.status, again.text).toBe(400);
    expect(again.body.error.code).toBe("VALIDATION_INVALID_FIELD");
    expect(again.body.error.details.field).toBe("interactive.action.parameters.flow_token");
    // another organization may use the same token: tokens are unique per organization
    const other = await readySender();
    expect((await sendFlow(other, { flow_token: token })).stored.flowToken).toBe(token);
  });

  it("an invalid Flow (no flow_id nor flow_name, a cta over 20 characters) → 400 before anything is sent", async () => {
    const s = await readySender();
    const none = await send(s.key, { to: s.to, ...flowMessage({ flow_id: undefined }) });
    expect(none.status, none.text).toBe(400);
    expect(none.body.error.details.field).toBe("interactive.action.parameters.flow_id");
    const long = await send(s.key, { to: s.to, ...flowMessage({ flow_cta: "Book your appointment now" }) });
    expect(long.status, long.text).toBe(400);
    expect(long.body.error.code).toBe("WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED");
  });

  it("a template with a FLOW button: the product adds the button's flow token, the sandbox accepts it, the answer finds the message", async () => {
    const s = await readySender({ templates: [BOOKING_TEMPLATE] });
    await waitForTemplateSync(s.channel.channelId);
    const res = await send(s.key, {
      to: s.to,
      type: "template",
      template: {
        name: "booking_flow",
        language: { code: "en_US" },
        components: [
          {
            type: "button",
            sub_type: "flow",
            index: 0,
            parameters: [{ type: "action", action: { flow_action_data: { source: "reminder" } } }],
          },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    const messageId: string = res.body.data.messageId;
    const stored = await db().message.findUniqueOrThrow({ where: { id: messageId } });
    expect(stored.flowToken).toMatch(/^flt_/);
    const accepted = await acceptedRequest(s.channel.phoneNumberId, messageId);
    expect(accepted.body.template.components).toEqual([
      {
        type: "button",
        sub_type: "flow",
        index: "0",
        parameters: [
          {
            type: "action",
            action: { flow_action_data: { source: "reminder" }, flow_token: stored.flowToken },
          },
        ],
      },
    ]);

    const answer = await complete(s, res.body.data.whatsappMessageId, { response: { name: "Ana" } });
    const data = await inboundEvent(s.orgId, answer);
    expect(data.content.interactive.flow_response).toMatchObject({
      flow_token: stored.flowToken,
      fields: { name: "Ana" },
      message_id: messageId,
    });
  });

  it("a malformed response_json is kept raw on the message, with no match and no flow.completed", async () => {
    const s = await readySender();
    const { wamid } = await sendFlow(s);
    const answer = await complete(s, wamid, { response_json: "{not json" });
    const data = await inboundEvent(s.orgId, answer);
    expect(data.content.interactive.flow_response).toEqual({
      flow_token: null,
      fields: {},
      message_id: null,
      broadcast_id: null,
      malformed: true,
      response_json: "{not json",
    });
    expect(await eventsNamed(s.orgId, "flow.completed")).toEqual([]);
  });

  it("two organizations: org B's customer answering with org A's token matches nothing in B and reaches nothing of A", async () => {
    const a = await readySender();
    const b = await readySender();
    const flowA = await sendFlow(a);
    const flowB = await sendFlow(b);
    const answer = await complete(b, flowB.wamid, {
      flow_token: flowA.stored.flowToken,
      response: { email: "b@example.com" },
    });
    const data = await inboundEvent(b.orgId, answer);
    expect(data.content.interactive.flow_response).toEqual({
      flow_token: flowA.stored.flowToken,
      fields: { email: "b@example.com" },
      message_id: null,
      broadcast_id: null,
      malformed: false,
    });
    const completedB = await eventually(async () =>
      (await eventsNamed(b.orgId, "flow.completed")).find((e) => e.data.messageId === data.messageId),
    );
    expect(completedB.data.flowMessageId).toBeNull();
    // A: no event, no message, nothing that links to its Flow message
    expect(await eventsNamed(a.orgId, "flow.completed")).toEqual([]);
    const inboundA = await db().message.count({
      where: { organizationId: a.orgId, whatsappMessageId: answer },
    });
    expect(inboundA).toBe(0);
    const stillA = await db().message.findUniqueOrThrow({ where: { id: flowA.messageId } });
    expect(stillA.organizationId).toBe(a.orgId);
  });

  it("a broadcast of a template with a FLOW button: each message its own token; the answer names the message and the broadcast", async () => {
    const b = await readyBroadcaster({ templates: [BOOKING_TEMPLATE] });
    const phones = [randomPhone(), randomPhone()];
    const res = await createBroadcast(b.key, {
      name: "Bookings",
      template: { name: "booking_flow", language: { code: "en_US" } },
      recipients: phones.map((to) => ({ to })),
    });
    expect(res.status, res.text).toBe(201);
    const broadcastId: string = res.body.data.id;
    await waitForBroadcast(b.key, broadcastId, (x) => x.counts.pending === 0 && x.counts.sent === 2);
    const rows = await allRecipients(b.key, broadcastId);
    const messages = await db().message.findMany({ where: { id: { in: rows.map((r) => r.messageId) } } });
    const tokens = messages.map((m) => m.flowToken);
    expect(tokens.every((t) => typeof t === "string" && t.startsWith("flt_"))).toBe(true);
    expect(new Set(tokens).size).toBe(2);

    const first = messages[0] as (typeof messages)[number];
    const s = { ...b, to: first.phone ?? "" } as Sender;
    const answer = await complete(s, first.whatsappMessageId ?? "", { response: { rating: 5 } });
    const data = await inboundEvent(b.orgId, answer);
    expect(data.content.interactive.flow_response).toEqual({
      flow_token: first.flowToken,
      fields: { rating: 5 },
      message_id: first.id,
      broadcast_id: broadcastId,
      malformed: false,
    });
    const completed = await eventually(async () =>
      (await eventsNamed(b.orgId, "flow.completed")).find((e) => e.data.messageId === data.messageId),
    );
    expect(completed.data).toMatchObject({ flowMessageId: first.id, broadcastId });
  });
});

describe("GET /v1/whatsapp/flows/{id}/responses", () => {
  it("lists a Flow's answers (an interactive Flow and a template's FLOW button), newest first, by time; another Flow and another organization see none", async () => {
    const s = await readySender({ templates: [BOOKING_TEMPLATE] });
    await waitForTemplateSync(s.channel.channelId);
    // the Flow as the sync stores one made in WhatsApp Manager (Meta's id is the one both sends name)
    const flow = await db().flow.create({
      data: {
        organizationId: s.orgId,
        channelId: s.channel.channelId,
        upstreamId: "1197715005513101",
        name: `booking_${randomPhone().slice(-6)}`,
        categories: ["APPOINTMENT_BOOKING"],
        status: "PUBLISHED",
      },
    });
    const elsewhere = await db().flow.create({
      data: {
        organizationId: s.orgId,
        channelId: s.channel.channelId,
        upstreamId: "1197715005519999",
        name: `survey_${randomPhone().slice(-6)}`,
        categories: ["SURVEY"],
        status: "PUBLISHED",
      },
    });
    const responses = (id: string, query = "") =>
      api(`/v1/whatsapp/flows/${id}/responses${query}`, { key: s.key });

    const interactive = await sendFlow(s);
    const first = await inboundEvent(
      s.orgId,
      await complete(s, interactive.wamid, { response: { slot: "09:00" } }),
    );
    const byButton = await send(s.key, {
      to: s.to,
      type: "template",
      template: { name: "booking_flow", language: { code: "en_US" } },
    });
    expect(byButton.status, byButton.text).toBe(200);
    const second = await inboundEvent(
      s.orgId,
      await complete(s, byButton.body.data.whatsappMessageId, {
        response: { slot: "10:00", notes: "window seat" },
      }),
    );

    const all = await responses(flow.id);
    expect(all.status, all.text).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 2 });
    expect(all.body.data.map((r: AnyJson) => r.message_id)).toEqual([second.messageId, first.messageId]);
    const [latest] = all.body.data;
    expect(Object.keys(latest).sort()).toEqual(
      [
        "broadcast_id",
        "contact_id",
        "conversation_id",
        "fields",
        "flow_message_id",
        "flow_token",
        "message_id",
        "received_at",
      ].sort(),
    );
    expect(latest).toMatchObject({
      flow_message_id: byButton.body.data.messageId,
      broadcast_id: null,
      fields: { slot: "10:00", notes: "window seat" },
      conversation_id: second.conversationId,
    });
    expect(all.body.data[1]).toMatchObject({
      flow_message_id: interactive.messageId,
      flow_token: interactive.stored.flowToken,
      fields: { slot: "09:00" },
    });

    // by time: from the second answer on, and before it
    const at = latest.received_at as string;
    const since = await responses(flow.id, `?from=${encodeURIComponent(at)}`);
    expect(since.body.data.map((r: AnyJson) => r.message_id)).toEqual([second.messageId]);
    const before = await responses(flow.id, `?to=${encodeURIComponent(at)}`);
    expect(before.body.data.map((r: AnyJson) => r.message_id)).toEqual([first.messageId]);
    const paged = await responses(flow.id, "?per_page=1&page=2");
    expect(paged.body.data.map((r: AnyJson) => r.message_id)).toEqual([first.messageId]);
    expect(paged.body.meta).toMatchObject({ total: 2 });

    // another Flow of the same channel answers nothing; a bad time is the contract's 400
    const none = await responses(elsewhere.id);
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    const bad = await responses(flow.id, "?from=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toMatch(/^VALIDATION_/);

    // another organization: A's Flow is no Flow of its own
    const b = await readySender();
    const foreign = await api(`/v1/whatsapp/flows/${flow.id}/responses`, { key: b.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("RESOURCE_NOT_FOUND");
  });
});
