import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linearToMulaw, mulawRms, mulawToLinear, newCallPeer, tonePacket } from "@/sandbox/call-media";
import { createLogger } from "@/sandbox/logger";
import {
  CUSTOMER_WA_ID,
  graphErrorOf,
  type Harness,
  PHONE_NUMBER_ID,
  startHarness,
  TOKEN,
  valuesReceived,
  waitFor,
} from "@/sandbox/test-support";

/** The Calling API's signalling (sandbox/calls.ts): Graph `/calls`, the `calls` notifications, the controls. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const OFFER = "v=0\r\no=- 7 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n";
const calls = (body: Record<string, unknown>) =>
  h.call("POST", `/v23.0/${PHONE_NUMBER_ID}/calls`, { messaging_product: "whatsapp", ...body }, TOKEN);
type CallItem = Record<string, unknown> & { id: string; event: string };
const callItems = () => valuesReceived(h.receiver).flatMap((v) => (v.calls as CallItem[] | undefined) ?? []);

describe("a customer's call", () => {
  it("start posts connect with an SDP offer as Meta does; pre_accept, accept, then the hang-up's terminate", async () => {
    h.receiver.received.length = 0;
    const started = await h.call("POST", "/_sandbox/calls", {
      action: "start",
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
      name: "Grace",
    });
    expect(started.status).toBe(200);
    const id = (started.body as { call_id: string }).call_id;
    expect(id).toMatch(/^wacid\./);
    const [connect] = callItems();
    expect(connect).toMatchObject({
      id,
      from: CUSTOMER_WA_ID,
      event: "connect",
      direction: "USER_INITIATED",
      session: {
        sdp_type: "offer",
        sdp: expect.stringMatching(/^v=0\r\n[\s\S]*a=candidate:.* 127\.0\.0\.1 /),
      },
    });
    expect(valuesReceived(h.receiver)[0]).toMatchObject({
      contacts: [{ profile: { name: "Grace" }, wa_id: CUSTOMER_WA_ID }],
      metadata: { phone_number_id: PHONE_NUMBER_ID },
    });

    const answer = { sdp_type: "answer", sdp: OFFER };
    expect((await calls({ action: "pre_accept", call_id: id, session: answer })).body).toEqual({
      messaging_product: "whatsapp",
      success: true,
    });
    expect((await calls({ action: "accept", call_id: id, session: answer })).status).toBe(200);
    // accepted twice: Meta's error shape, code 138008 (decided here)
    const twice = await calls({ action: "accept", call_id: id, session: answer });
    expect(twice.status).toBe(400);
    expect(graphErrorOf(twice)).toMatchObject({
      code: 138008,
      error_data: { details: expect.stringContaining("accepted") },
    });

    await h.call("POST", "/_sandbox/calls", { action: "hang_up", call_id: id });
    const end = await waitFor(() => callItems().find((c) => c.event === "terminate"));
    expect(end).toMatchObject({
      id,
      status: "COMPLETED",
      duration: expect.any(Number),
      start_time: expect.any(String),
    });
    const listed = (await h.call("GET", "/_sandbox/calls")).body as { data: Record<string, unknown>[] };
    expect(listed.data.find((c) => c.id === id)).toMatchObject({
      state: "ended",
      answer: OFFER,
      actions: ["pre_accept", "accept"],
    });
  });

  it("an unknown call id is Meta's invalid parameter", async () => {
    const r = await calls({ action: "terminate", call_id: "wacid.nobody" });
    expect(r.status).toBe(400);
    expect(graphErrorOf(r).code).toBe(100);
  });
});

describe("a business-initiated call", () => {
  it("is refused with 138006 until the customer accepts a permission request; answered: RINGING, ACCEPTED, connect", async () => {
    const connect = { action: "connect", to: CUSTOMER_WA_ID, session: { sdp_type: "offer", sdp: OFFER } };
    const refused = await calls(connect);
    expect(refused.status).toBe(400);
    expect(graphErrorOf(refused).code).toBe(138006);

    h.receiver.received.length = 0;
    const reply = await h.call("POST", "/_sandbox/calls/permission-reply", {
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
      response: "accept",
    });
    expect(reply.status).toBe(200);
    const [message] = valuesReceived(h.receiver).flatMap(
      (v) => (v.messages as Record<string, unknown>[]) ?? [],
    );
    expect(message).toMatchObject({
      type: "interactive",
      interactive: {
        type: "call_permission_reply",
        call_permission_reply: {
          response: "accept",
          is_permanent: false,
          expiration_timestamp: expect.any(Number),
        },
      },
    });

    const placed = await calls(connect);
    expect(placed.status).toBe(200);
    const id = (placed.body as { calls: { id: string }[] }).calls[0]?.id ?? "";
    expect(id).toMatch(/^wacid\./);
    h.receiver.received.length = 0;
    const answered = await h.call("POST", "/_sandbox/calls", { action: "answer", call_id: id });
    expect((answered.body as { statuses: number[] }).statuses).toEqual([200, 200, 200]);
    const values = valuesReceived(h.receiver);
    expect(
      values.map((v) => (v.statuses as { status: string }[] | undefined)?.[0]?.status ?? "connect"),
    ).toEqual(["RINGING", "ACCEPTED", "connect"]);
    expect(values[0]).toMatchObject({ statuses: [{ id, type: "call", recipient_id: CUSTOMER_WA_ID }] });
    expect(values[2]).toMatchObject({
      calls: [{ id, event: "connect", direction: "BUSINESS_INITIATED", session: { sdp_type: "answer" } }],
    });
    // the business may not accept its own call
    const wrong = await calls({ action: "accept", call_id: id, session: { sdp_type: "answer", sdp: OFFER } });
    expect(graphErrorOf(wrong).code).toBe(138008);
  });
});

describe("media (sandbox/call-media.ts)", () => {
  const log = createLogger("silent");
  type Media = { packets_received: number; rms: number; tone_sent: boolean; codec: string | null };
  async function mediaOf(id: string): Promise<Media | null> {
    const listed = (await h.call("GET", "/_sandbox/calls")).body as {
      data: { id: string; media: Media | null }[];
    };
    return listed.data.find((c) => c.id === id)?.media ?? null;
  }
  async function untilHeard(id: string): Promise<Media> {
    const until = Date.now() + 20_000;
    for (;;) {
      const media = await mediaOf(id);
      if (media && media.packets_received >= 25 && media.tone_sent) return media;
      if (Date.now() > until) throw new Error(`the sandbox heard nothing: ${JSON.stringify(media)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("µ-law encodes and decodes a sample within the codec's step", () => {
    for (const v of [0, 100, -100, 1000, -12345, 32000])
      expect(Math.abs(mulawToLinear(linearToMulaw(v)) - v)).toBeLessThanOrEqual(Math.abs(v) / 16 + 8);
    expect(Math.sqrt(mulawRms(tonePacket(0)).sumSquares / 160)).toBeCloseTo(0.4 / Math.SQRT2, 1);
  });

  it("a customer's call: a real offer on loopback; the business's answer connects; tones both ways", async () => {
    h.receiver.received.length = 0;
    const started = await h.call("POST", "/_sandbox/calls", {
      action: "start",
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
    });
    const id = (started.body as { call_id: string }).call_id;
    const offer = (callItems()[0]?.session as { sdp: string } | undefined)?.sdp ?? "";
    expect(offer).toMatch(/a=rtpmap:0 PCMU\/8000/);
    const candidates = offer.split("\r\n").filter((l) => l.startsWith("a=candidate:"));
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(c).toMatch(/ 127\.0\.0\.1 \d+ typ host/);

    const business = newCallPeer(log);
    try {
      const answer = await business.answer(offer);
      const session = { sdp_type: "answer", sdp: answer };
      expect((await calls({ action: "pre_accept", call_id: id, session })).status).toBe(200);
      expect((await calls({ action: "accept", call_id: id, session })).status).toBe(200);
      const heard = await untilHeard(id);
      expect(heard.codec).toBe("PCMU/8000");
      expect(heard.rms).toBeGreaterThan(0.1);
      // the business side heard the sandbox's tone
      await waitFor(() => (business.stats().packets_received >= 25 ? true : undefined), 20_000);
      expect(business.stats().rms).toBeGreaterThan(0.1);
    } finally {
      business.close();
    }
    await h.call("POST", "/_sandbox/calls", { action: "hang_up", call_id: id });
    expect(await mediaOf(id)).toMatchObject({ tone_sent: true });
  });

  it("a business-initiated call answered by the sandbox: a real answer to the business's offer", async () => {
    await h.call("POST", "/_sandbox/calls/permission-reply", {
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
      response: "accept",
    });
    const business = newCallPeer(log);
    try {
      const offer = await business.offer();
      const placed = await calls({
        action: "connect",
        to: CUSTOMER_WA_ID,
        session: { sdp_type: "offer", sdp: offer },
      });
      const id = (placed.body as { calls: { id: string }[] }).calls[0]?.id ?? "";
      h.receiver.received.length = 0;
      await h.call("POST", "/_sandbox/calls", { action: "answer", call_id: id });
      const connect = callItems().find((c) => c.event === "connect");
      const answer = (connect?.session as { sdp: string } | undefined)?.sdp ?? "";
      expect(answer).toMatch(/a=rtpmap:0 PCMU\/8000/);
      expect(answer).toMatch(/a=candidate:.* 127\.0\.0\.1 \d+ typ host/);
      await business.applyAnswer(answer);
      const heard = await untilHeard(id);
      expect(heard.rms).toBeGreaterThan(0.1);
      await waitFor(() => (business.stats().packets_received >= 25 ? true : undefined), 20_000);
      await calls({ action: "terminate", call_id: id });
    } finally {
      business.close();
    }
  });
});
