import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { type AnyJson, api, eventually, randomPhone } from "@/scripts/test/helpers";
import { customerWrites, type InboundCustomer, inboundCustomer } from "@/scripts/test/inbound-helpers";
import { openApiValidator } from "@/scripts/test/openapi-validator";
import { registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

/**
 * Issue 30, part 4: a message that starts from a click-to-WhatsApp ad carries Meta's `referral`
 * on message.inbound, on the message's JSON and in the thread; the contact keeps the first and the
 * latest. Two organizations write with the same customer number: nothing of one's ad reaches the
 * other's webhook, messages or contact.
 */

type Org = InboundCustomer & { hook: TestReceiver; cookie: string };

let a: Org;
let b: Org;

async function org(phone: string): Promise<Org> {
  const c = await inboundCustomer();
  const hook = await TestReceiver.start();
  await registerWebhook(c.key, hook.url, { events: ["message.inbound"] });
  const staff = await createStaff("owner", c.orgId);
  const signed = await signInWithPassword(staff.email, staff.password);
  if (!signed.cookie) throw new Error(`sign-in failed: ${signed.error}`);
  // the same customer writes to both organizations' numbers
  return { ...c, phone, from: phone.slice(1), hook, cookie: signed.cookie };
}

const AD = (n: number) => ({
  source_url: `https://fb.me/ad-${n}`,
  source_id: `12021000000000${n}`,
  source_type: "ad",
  headline: `Spring sale ${n}`,
  body: `Ad body ${n}`,
  media_type: "image",
  image_url: `https://scontent.example/ad-${n}.jpg`,
  ctwa_clid: `ARclid${n}`,
});

/** Meta's referral as we give it (lib/events/referral.ts). */
const OURS = (n: number) => ({
  sourceUrl: `https://fb.me/ad-${n}`,
  sourceId: `12021000000000${n}`,
  sourceType: "ad",
  headline: `Spring sale ${n}`,
  body: `Ad body ${n}`,
  mediaType: "image",
  imageUrl: `https://scontent.example/ad-${n}.jpg`,
  videoUrl: null,
  thumbnailUrl: null,
  ctwaClid: `ARclid${n}`,
});

async function delivered(o: Org, wamid: string): Promise<{ headers: AnyJson; body: AnyJson }> {
  const r = await eventually(async () =>
    o.hook.received.find((x) => x.body?.data?.whatsappMessageId === wamid),
  );
  return { headers: r.headers, body: r.body };
}

beforeAll(async () => {
  const phone = randomPhone();
  [a, b] = [await org(phone), await org(phone)];
}, 120_000);

afterAll(async () => {
  await a?.hook.down();
  await b?.hook.down();
});

/** The organization's contact of the customer, through GET /v1/contacts (its search by number). */
async function contactOf(o: Org): Promise<AnyJson> {
  const res = await api(`/v1/contacts?search=${encodeURIComponent(o.phone)}`, { key: o.key });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0];
}

describe("ad referrals (click-to-WhatsApp)", () => {
  it("message.inbound, the message JSON, the thread and the contact carry the ad; another organization sees none of it", async () => {
    const validator = openApiValidator((await api("/v1/openapi.json")).body);
    const now = Math.floor(Date.now() / 1000);
    const first = await customerWrites(
      a,
      { type: "text", text: { body: "Is this on sale?" } },
      {
        referral: AD(1),
        timestamp: now - 60,
      },
    );
    const plainAtB = await customerWrites(b, { type: "text", text: { body: "Hello B" } });

    const event = await delivered(a, first);
    expect(event.body.data.referral).toEqual(OURS(1));
    expect(validator.delivery("message.inbound", event.headers, event.body)).toEqual([]);
    // B's customer wrote without an ad: no referral key, and none of A's ad reached B
    const atB = await delivered(b, plainAtB);
    expect(atB.body.data).not.toHaveProperty("referral");
    expect(validator.delivery("message.inbound", atB.headers, atB.body)).toEqual([]);
    expect(b.hook.received.some((r) => JSON.stringify(r.body).includes("Spring sale"))).toBe(false);
    expect(a.hook.received.some((r) => r.body?.data?.whatsappMessageId === plainAtB)).toBe(false);

    // the message's JSON: A reads the referral; B's key gets 404 for A's message
    const messageId = event.body.data.messageId;
    const own = await api(`/v1/whatsapp/messages/${messageId}`, { key: a.key });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.referral).toEqual(OURS(1));
    expect(validator.schema({ $ref: "#/components/schemas/Message" }, own.body.data)).toEqual([]);
    const cross = await api(`/v1/whatsapp/messages/${messageId}`, { key: b.key });
    expect(cross.status).toBe(404);
    expect(cross.body.error.code).toBe("RESOURCE_NOT_FOUND");
    const plain = await api(`/v1/whatsapp/messages/${atB.body.data.messageId}`, { key: b.key });
    expect(plain.body.data.referral).toBeNull();

    // a later ad, then a plain message: first stays ad 1, latest becomes ad 2 and stays
    const second = await customerWrites(
      a,
      { type: "text", text: { body: "And this one?" } },
      {
        referral: AD(2),
        timestamp: now - 30,
      },
    );
    await delivered(a, second);
    const third = await customerWrites(a, { type: "text", text: { body: "Thanks" } });
    expect((await delivered(a, third)).body.data).not.toHaveProperty("referral");
    const contactId = event.body.data.contactId;
    const contact = { body: { data: await contactOf(a) } };
    expect(contact.body.data.id).toBe(contactId);
    expect(contact.body.data.first_referral).toEqual({
      ...OURS(1),
      at: new Date((now - 60) * 1000).toISOString(),
    });
    expect(contact.body.data.latest_referral).toEqual({
      ...OURS(2),
      at: new Date((now - 30) * 1000).toISOString(),
    });
    expect(validator.schema({ $ref: "#/components/schemas/Contact" }, contact.body.data)).toEqual([]);

    // a late-delivered older ad message becomes the first, and does not replace the latest
    const late = await customerWrites(
      a,
      { type: "text", text: { body: "Older" } },
      {
        referral: AD(0),
        timestamp: now - 600,
      },
    );
    await delivered(a, late);
    const after = { body: { data: await contactOf(a) } };
    expect(after.body.data.first_referral).toMatchObject({ headline: "Spring sale 0" });
    expect(after.body.data.latest_referral).toMatchObject({ headline: "Spring sale 2" });

    // B's contact (same number, its own row) never came from an ad; B cannot read A's contact
    const bContact = await contactOf(b);
    expect(bContact.id).toBe(atB.body.data.contactId);
    expect(bContact.id).not.toBe(contactId);
    expect(bContact).toMatchObject({ first_referral: null, latest_referral: null });

    // the thread (dashboard): the ad's headline and link on the first message only
    const thread = await dashboardCall(
      a.cookie,
      `/api/dashboard/conversations/${event.body.data.conversationId}`,
    );
    expect(thread.status).toBe(200);
    const messages = (thread.body.data as AnyJson).messages as AnyJson[];
    expect(messages.find((m) => m.id === messageId)?.referral).toEqual({
      headline: "Spring sale 1",
      source_url: "https://fb.me/ad-1",
      source_type: "ad",
    });
    const thirdRow = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: third } });
    expect(messages.find((m) => m.id === thirdRow.id)?.referral).toBeNull();
    const crossThread = await dashboardCall(
      b.cookie,
      `/api/dashboard/conversations/${event.body.data.conversationId}`,
    );
    expect(crossThread.status).toBe(404);
  }, 120_000);

  it("a referral whose link is not http(s) is kept but never linked; a duplicate notification stores one message", async () => {
    const wamid = await customerWrites(
      a,
      { type: "text", text: { body: "Hi" } },
      {
        referral: { source_url: "javascript:alert(1)", headline: "<b>Bold</b>", ctwa_clid: "x" },
      },
    );
    const event = await delivered(a, wamid);
    expect(event.body.data.referral).toMatchObject({
      sourceUrl: "javascript:alert(1)",
      headline: "<b>Bold</b>",
      sourceType: "ad",
      body: null,
    });
    const thread = await dashboardCall(
      a.cookie,
      `/api/dashboard/conversations/${event.body.data.conversationId}`,
    );
    const shown = ((thread.body.data as AnyJson).messages as AnyJson[]).find(
      (m) => m.id === event.body.data.messageId,
    );
    expect(shown?.referral).toEqual({ headline: "<b>Bold</b>", source_url: null, source_type: "ad" });

    // Meta delivers the same message again: still one row, one event
    const again = await customerWrites(
      a,
      { type: "text", text: { body: "Hi" } },
      {
        id: wamid,
        referral: { source_url: "javascript:alert(1)", headline: "<b>Bold</b>", ctwa_clid: "x" },
      },
    );
    expect(again).toBe(wamid);
    const third = await customerWrites(a, { type: "text", text: { body: "after" } });
    await delivered(a, third);
    expect(await db().message.count({ where: { whatsappMessageId: wamid } })).toBe(1);
    expect(a.hook.received.filter((r) => r.body?.data?.whatsappMessageId === wamid)).toHaveLength(1);
  }, 120_000);
});
