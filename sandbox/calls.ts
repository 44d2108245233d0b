import { randomBytes } from "node:crypto";
import { z } from "zod";
import { authorizePhoneNumber } from "@/sandbox/auth";
import { newCallPeer } from "@/sandbox/call-media";
import {
  assertCallingEnabled,
  assertCustomerCanCall,
  callbackPermissionEnabled,
} from "@/sandbox/call-settings";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { errors } from "@/sandbox/errors";
import { controlError, waError } from "@/sandbox/graph-error";
import { json, parseJson, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf, newWamid } from "@/sandbox/ids";
import { deliver } from "@/sandbox/notify/deliver";
import { notification } from "@/sandbox/notify/envelope";
import { parseOrThrow } from "@/sandbox/send/parse";
import { type PhoneNumber, type SandboxCall, type SandboxState, windowKey } from "@/sandbox/state";

/**
 * Meta's Calling API, signalling only (issue 32): `POST /{phone_number_id}/calls` with `connect`,
 * `pre_accept`, `accept`, `reject`, `terminate`, and the `calls` webhook field (connect, status,
 * terminate), as Meta's guides show them:
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/business-initiated-calls/
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/reference/
 * The customer's side is a real WebRTC peer (sandbox/call-media.ts: werift, loopback only, PCMU
 * with a known tone); SDP bodies are kept as exchanged and GET /_sandbox/calls shows them with what
 * the peer heard. A business SDP that is not usable (a test's placeholder) still goes through the
 * signalling: no media flows then, and an answer to it is a placeholder shaped like WhatsApp's.
 * Decided here (no page gives them): an action on a call in the wrong state answers 400 with code
 * 138008 "Invalid call state"; an unknown call_id answers 100 Invalid parameter; a terminate
 * notification follows a reject or a hang-up at once; a call never answered ends `COMPLETED` with
 * duration 0.
 */

/** A placeholder SDP shaped like the one WhatsApp sends (Opus audio, DTLS-SRTP, one loopback host candidate). */
function sdp(type: "offer" | "answer"): string {
  const session = BigInt(`0x${randomBytes(7).toString("hex")}`).toString();
  const ufrag = randomBytes(3).toString("hex");
  const pwd = randomBytes(12).toString("base64url");
  const fingerprint = [...randomBytes(32)]
    .map((b) => b.toString(16).padStart(2, "0").toUpperCase())
    .join(":");
  return [
    "v=0",
    `o=- ${session} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=audio 9 UDP/TLS/RTP/SAVPF 111 126",
    "c=IN IP4 0.0.0.0",
    "a=rtcp:9 IN IP4 0.0.0.0",
    "a=candidate:1 1 udp 2122260223 127.0.0.1 40000 typ host generation 0",
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${type === "offer" ? "actpass" : "active"}`,
    "a=mid:0",
    "a=sendrecv",
    "a=rtcp-mux",
    "a=rtpmap:111 opus/48000/2",
    "a=fmtp:111 minptime=10;useinbandfec=1",
    "a=rtpmap:126 telephone-event/8000",
    "",
  ].join("\r\n");
}

function newCallId(): string {
  return `wacid.${randomBytes(24).toString("base64url")}`;
}

const now = () => Date.now();
const unix = (ms: number) => String(Math.floor(ms / 1000));

const session = (type: "offer" | "answer") =>
  z.strictObject({ sdp_type: z.literal(type), sdp: z.string().min(1) });

const callBody = z.discriminatedUnion("action", [
  z.strictObject({
    messaging_product: z.literal("whatsapp"),
    action: z.literal("connect"),
    to: z.string().min(1),
    session: session("offer"),
    biz_opaque_callback_data: z.string().max(512).optional(),
  }),
  z.strictObject({
    messaging_product: z.literal("whatsapp"),
    action: z.enum(["pre_accept", "accept"]),
    call_id: z.string().min(1),
    session: session("answer"),
    biz_opaque_callback_data: z.string().max(512).optional(),
  }),
  z.strictObject({
    messaging_product: z.literal("whatsapp"),
    action: z.enum(["reject", "terminate"]),
    call_id: z.string().min(1),
  }),
]);

/** The business's SDP answer reaches the customer's peer (ICE and DTLS go on in the background). */
function applyAnswer(ctx: Ctx, call: SandboxCall) {
  const peer = ctx.state.callPeers.get(call.id);
  if (peer && call.answer) void peer.applyAnswer(call.answer);
}

const badState = (call: SandboxCall, action: string) =>
  waError(400, 138008, "Invalid call state", `Call ${call.id} is ${call.state}: ${action} is not allowed.`);

function permitted(state: SandboxState, phoneNumberId: string, waId: string): boolean {
  const key = windowKey(phoneNumberId, waId);
  if (!state.callPermissions.has(key)) return false;
  const expiry = state.callPermissions.get(key);
  return expiry === null || (expiry ?? 0) > now();
}

function callValue(number: PhoneNumber, call: SandboxCall, item: Record<string, unknown>) {
  const business = digitsOf(number.display_phone_number);
  const user = call.direction === "USER_INITIATED";
  return {
    ...(user ? { contacts: [{ profile: { name: "Sandbox User" }, wa_id: call.wa_id }] } : {}),
    calls: [
      {
        id: call.id,
        from: user ? call.wa_id : business,
        to: user ? business : call.wa_id,
        timestamp: unix(now()),
        direction: call.direction,
        ...item,
      },
    ],
  };
}

function send(ctx: Ctx, number: PhoneNumber, value: Record<string, unknown>) {
  return deliver(ctx, notification(number, value, "calls"));
}

/** The terminate notification: duration from connection (0 for a call never answered). */
function terminate(ctx: Ctx, number: PhoneNumber, call: SandboxCall, status = "COMPLETED") {
  const end = now();
  call.ended_at = end;
  if (call.state !== "rejected") call.state = "ended";
  ctx.state.callPeers.get(call.id)?.close();
  const duration = call.connected_at === null ? 0 : Math.round((end - call.connected_at) / 1000);
  return send(
    ctx,
    number,
    callValue(number, call, {
      event: "terminate",
      status,
      start_time: unix(call.connected_at ?? call.started_at),
      end_time: unix(end),
      duration,
    }),
  );
}

function statusValue(call: SandboxCall, status: string) {
  return {
    statuses: [{ id: call.id, timestamp: unix(now()), type: "call", status, recipient_id: call.wa_id }],
  };
}

/** POST /{version}/{phone_number_id}/calls */
export async function postCalls(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Promise<Reply> {
  const { state } = ctx;
  const number = authorizePhoneNumber(state, req, phoneNumberId);
  const body = parseOrThrow(callBody, parseJson(req.rawBody), []);
  // ending a call stays possible once calling is off (sandbox/call-settings.ts)
  if (body.action !== "reject" && body.action !== "terminate") assertCallingEnabled(state, number.id);
  if (body.action === "connect") {
    const waId = digitsOf(body.to);
    if (!permitted(state, number.id, waId))
      throw waError(
        400,
        138006,
        "No approved call permission",
        "The WhatsApp user has not granted this business number permission to call them.",
      );
    const call: SandboxCall = {
      id: newCallId(),
      phone_number_id: number.id,
      wa_id: waId,
      direction: "BUSINESS_INITIATED",
      state: "ringing",
      offer: body.session.sdp,
      answer: null,
      started_at: now(),
      connected_at: null,
      ended_at: null,
      actions: ["connect"],
    };
    state.calls.set(call.id, call);
    return json(200, { messaging_product: "whatsapp", calls: [{ id: call.id }] });
  }
  const call = state.calls.get(body.call_id);
  if (!call || call.phone_number_id !== number.id)
    throw errors.invalidParameter(`Unknown call_id ${body.call_id}.`);
  const incoming = call.direction === "USER_INITIATED";
  switch (body.action) {
    case "pre_accept":
      if (!incoming || call.state !== "ringing") throw badState(call, body.action);
      call.state = "pre_accepted";
      call.answer = body.session.sdp;
      applyAnswer(ctx, call);
      break;
    case "accept":
      if (!incoming || (call.state !== "ringing" && call.state !== "pre_accepted"))
        throw badState(call, body.action);
      call.state = "accepted";
      call.answer = body.session.sdp;
      call.connected_at = now();
      applyAnswer(ctx, call);
      break;
    case "reject":
      if (!incoming || (call.state !== "ringing" && call.state !== "pre_accepted"))
        throw badState(call, body.action);
      call.state = "rejected";
      void terminate(ctx, number, call);
      break;
    case "terminate":
      if (call.state === "ended" || call.state === "rejected") throw badState(call, body.action);
      void terminate(ctx, number, call);
      break;
  }
  call.actions.push(body.action);
  return json(200, { messaging_product: "whatsapp", success: true });
}

const controlBody = z.discriminatedUnion("action", [
  // a customer calls the number: the connect notification with their SDP offer
  z.strictObject({
    action: z.literal("start"),
    phone_number_id: z.string().min(1),
    from: z.string().regex(/\d{5,}/, "a phone number"),
    name: z.string().min(1).default("Sandbox User"),
  }),
  // the customer hangs up (a call never accepted: missed on the business side)
  z.strictObject({ action: z.literal("hang_up"), call_id: z.string().min(1) }),
  // a business-initiated call: the customer's phone rings, then they answer, reject or miss it
  z.strictObject({ action: z.enum(["ring", "answer", "reject", "miss"]), call_id: z.string().min(1) }),
]);

/**
 * POST /_sandbox/calls: plays the customer's phone. `start` (a customer calls; answers the call
 * id), `hang_up` (the customer ends it: terminate), and for a call the business placed `ring`
 * (RINGING), `answer` (RINGING, ACCEPTED, then connect with the SDP answer), `reject` (RINGING,
 * REJECTED, terminate), `miss` (RINGING, terminate). Each notification is sent in order and
 * answered before the next.
 */
export async function postCallControl(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(controlBody, req);
  const { state } = ctx;
  if (!state.app) throw controlError(409, "No app registered: PUT /_sandbox/app first.");
  if (body.action === "start") {
    const number = state.phoneNumbers.get(body.phone_number_id);
    if (!number)
      throw controlError(
        404,
        `Unknown phone_number_id ${body.phone_number_id}: PUT /_sandbox/phone-numbers/{id} first.`,
      );
    assertCustomerCanCall(state, number.id);
    const peer = newCallPeer(ctx.log);
    const call: SandboxCall = {
      id: newCallId(),
      phone_number_id: number.id,
      wa_id: digitsOf(body.from),
      direction: "USER_INITIATED",
      state: "ringing",
      offer: await peer.offer(),
      answer: null,
      started_at: now(),
      connected_at: null,
      ended_at: null,
      actions: [],
    };
    state.calls.set(call.id, call);
    state.callPeers.set(call.id, peer);
    const value = callValue(number, call, {
      event: "connect",
      session: { sdp_type: "offer", sdp: call.offer },
    });
    (value.contacts ?? [])[0] = { profile: { name: body.name }, wa_id: call.wa_id };
    const delivery = await send(ctx, number, value);
    // Meta's business-initiated calls guide: with callback_permission_status enabled, a customer who
    // calls gives the business a temporary call permission, announced as a call_permission_reply
    // whose response_source is "automatic" (a permanent one they gave stays permanent)
    const callback = callbackPermissionEnabled(state, number.id)
      ? await sendPermissionReply(ctx, number, {
          waId: call.wa_id,
          name: body.name,
          response: "accept",
          permanent: state.callPermissions.get(windowKey(number.id, call.wa_id)) === null,
          source: "automatic",
        })
      : null;
    return json(200, {
      call_id: call.id,
      status: delivery.status,
      ...(delivery.error ? { error: delivery.error } : {}),
      ...(callback ? { callback_permission_status: callback.status } : {}),
    });
  }
  const call = state.calls.get(body.call_id);
  if (!call) throw controlError(404, `Unknown call ${body.call_id}.`);
  const number = state.phoneNumbers.get(call.phone_number_id);
  if (!number) throw controlError(404, `The call's number ${call.phone_number_id} is gone.`);
  const live = call.state !== "ended" && call.state !== "rejected";
  if (body.action === "hang_up") {
    if (!live) throw controlError(409, `Call ${call.id} is ${call.state}.`);
    const delivery = await terminate(ctx, number, call);
    return json(200, { call_id: call.id, status: delivery.status });
  }
  if (call.direction !== "BUSINESS_INITIATED" || call.state !== "ringing")
    throw controlError(
      409,
      `${body.action} applies to a ringing call the business placed; call ${call.id} is ${call.state}.`,
    );
  const statuses: number[] = [(await send(ctx, number, statusValue(call, "RINGING"))).status];
  if (body.action === "answer") {
    call.state = "accepted";
    call.connected_at = now();
    call.answer = await answerOffer(ctx, call);
    statuses.push((await send(ctx, number, statusValue(call, "ACCEPTED"))).status);
    statuses.push(
      (
        await send(
          ctx,
          number,
          callValue(number, call, { event: "connect", session: { sdp_type: "answer", sdp: call.answer } }),
        )
      ).status,
    );
  } else if (body.action === "reject") {
    call.state = "rejected";
    statuses.push((await send(ctx, number, statusValue(call, "REJECTED"))).status);
    statuses.push((await terminate(ctx, number, call)).status);
  } else if (body.action === "miss") {
    statuses.push((await terminate(ctx, number, call)).status);
  }
  return json(200, { call_id: call.id, statuses });
}

/**
 * The customer's phone answers the business's offer with a real peer; an offer werift cannot use
 * (a test's placeholder) gets a placeholder answer and no media.
 */
async function answerOffer(ctx: Ctx, call: SandboxCall): Promise<string> {
  const peer = newCallPeer(ctx.log);
  try {
    const answer = await peer.answer(call.offer);
    ctx.state.callPeers.set(call.id, peer);
    return answer;
  } catch (error) {
    peer.close();
    ctx.log.debug({ err: error, call: call.id }, "sandbox call: the business's SDP offer is not usable");
    return sdp("answer");
  }
}

/**
 * GET /_sandbox/calls: every call with the SDPs exchanged, the business's actions, and `media`:
 * what the customer's peer heard and sent (null for a call without a usable peer).
 */
export function listCalls(ctx: Ctx): Reply {
  return json(200, {
    data: [...ctx.state.calls.values()].map((call) => ({
      ...call,
      media: ctx.state.callPeers.get(call.id)?.stats() ?? null,
    })),
  });
}

const permissionBody = z.strictObject({
  phone_number_id: z.string().min(1),
  from: z.string().regex(/\d{5,}/, "a phone number"),
  name: z.string().min(1).default("Sandbox User"),
  response: z.enum(["accept", "reject"]),
  permanent: z.boolean().default(false),
});

/**
 * POST /_sandbox/calls/permission-reply: the customer answers a call permission request, and
 * Meta's `messages` notification with an interactive `call_permission_reply` is posted (a
 * temporary permission lasts 7 days: Meta's call permission guide). The number may call them
 * from then on (or no longer).
 */
export async function postPermissionReply(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(permissionBody, req);
  const { state } = ctx;
  const number = state.phoneNumbers.get(body.phone_number_id);
  if (!number)
    throw controlError(
      404,
      `Unknown phone_number_id ${body.phone_number_id}: PUT /_sandbox/phone-numbers/{id} first.`,
    );
  if (!state.app) throw controlError(409, "No app registered: PUT /_sandbox/app first.");
  const delivery = await sendPermissionReply(ctx, number, {
    waId: digitsOf(body.from),
    name: body.name,
    response: body.response,
    permanent: body.permanent,
    source: "user_action",
  });
  return json(200, { status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) });
}

/**
 * The customer's call permission changes (a temporary one lasts 7 days: Meta's call permission
 * guide) and Meta's `messages` notification with an interactive `call_permission_reply` is posted:
 * `response_source` "user_action" when they answered a request, "automatic" when they called a
 * number whose callback permission is enabled.
 */
async function sendPermissionReply(
  ctx: Ctx,
  number: PhoneNumber,
  reply: {
    waId: string;
    name: string;
    response: "accept" | "reject";
    permanent: boolean;
    source: "user_action" | "automatic";
  },
) {
  const { state } = ctx;
  const key = windowKey(number.id, reply.waId);
  const expiry = now() + 7 * 24 * 60 * 60 * 1000;
  const permanent = reply.response === "accept" && reply.permanent;
  if (reply.response === "accept") state.callPermissions.set(key, permanent ? null : expiry);
  else state.callPermissions.delete(key);
  state.lastInbound.set(key, now());
  const value = {
    contacts: [{ profile: { name: reply.name }, wa_id: reply.waId }],
    messages: [
      {
        from: reply.waId,
        id: newWamid(reply.waId),
        timestamp: unix(now()),
        type: "interactive",
        interactive: {
          type: "call_permission_reply",
          call_permission_reply: {
            response: reply.response,
            is_permanent: permanent,
            ...(reply.response === "accept" && !permanent
              ? { expiration_timestamp: Math.floor(expiry / 1000) }
              : {}),
            response_source: reply.source,
          },
        },
      },
    ],
  };
  return deliver(ctx, notification(number, value));
}
