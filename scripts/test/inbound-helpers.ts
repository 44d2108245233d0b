import { createHash, createHmac, randomBytes } from "node:crypto";
import { expect } from "vitest";
import { createChannel } from "@/lib/channels/create-channel";
import { db } from "@/lib/db";
import { type Sandbox, startSandbox } from "@/sandbox/server";
import { TEST_ENV } from "@/scripts/test/env";
import {
  type AnyJson,
  type ApiResponse,
  api,
  BASE_URL,
  createTestChannel,
  createTestOrg,
  eventually,
  hangLimit,
  inbound,
  randomPhone,
  SANDBOX_URL,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { randomSandboxNumber } from "@/scripts/test/random-data";
import { sandboxAt } from "@/scripts/test/sandbox-client";

export const RECEIVER = `${BASE_URL}/webhooks/whatsapp`;
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_RE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** `sha256=<hex HMAC-SHA256(secret, raw body)>`, as the upstream signs its notifications. */
export function hubSignature(raw: string, secret = TEST_ENV.appSecret): string {
  return `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
}

export function randomWamid(): string {
  return `wamid.${randomBytes(24).toString("base64url")}`;
}

export function randomDigits(): string {
  return randomPhone().slice(1);
}

export type Posted = { status: number; text: string };

/**
 * POSTs a notification to our receiver as the upstream does. `raw` is sent byte for byte;
 * the signature is computed over it unless `signature` is given (null: no header at all).
 */
export async function postNotification(
  raw: string,
  options: { signature?: string | null; headers?: Record<string, string> } = {},
): Promise<Posted> {
  const signature = options.signature === undefined ? hubSignature(raw) : options.signature;
  const res = await fetch(RECEIVER, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "facebookexternalua",
      ...(signature === null ? {} : { "x-hub-signature-256": signature }),
      ...options.headers,
    },
    body: raw,
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** The `messages` envelope the Cloud API posts, around one change value. */
export function envelope(phoneNumberId: string, value: Record<string, unknown>, wabaId = "102290129340398") {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: wabaId,
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550100", phone_number_id: phoneNumberId },
              ...value,
            },
            field: "messages",
          },
        ],
      },
    ],
  };
}

/** One inbound message notification: `contact` is the contacts[] item, `message` the messages[] item. */
export function inboundNotification(
  phoneNumberId: string,
  contact: Record<string, unknown>,
  message: Record<string, unknown>,
) {
  const item = { id: randomWamid(), timestamp: String(Math.floor(Date.now() / 1000)), ...message };
  return { wamid: String(item.id), body: envelope(phoneNumberId, { contacts: [contact], messages: [item] }) };
}

/** Stored upstream notifications whose payload contains `marker`; `processed` counts those done. */
export async function notificationRows(marker: string): Promise<{ stored: number; processed: number }> {
  const rows = await db().$queryRaw<{ stored: number; processed: number }[]>`
    SELECT count(*)::int AS stored, count(processed_at)::int AS processed FROM upstream_notifications
    WHERE payload::text LIKE ${`%${marker}%`}`;
  return rows[0] ?? { stored: 0, processed: 0 };
}

export async function waitProcessed(marker: string, n: number, ms = hangLimit()): Promise<void> {
  await eventually(async () => (await notificationRows(marker)).processed >= n, ms);
}

/**
 * Waits until every stored notification whose payload contains `marker` (a customer's digits) is
 * processed: what they change is then written, and what they did not change never will be.
 * Stored means our receiver answered the sandbox 200, so call it once the sandbox said so.
 */
export async function waitAllProcessed(marker: string, ms = hangLimit()): Promise<void> {
  await eventually(async () => {
    const { stored, processed } = await notificationRows(marker);
    return stored > 0 && processed === stored;
  }, ms);
}

export type InboundCustomer = TestOrg & { channel: TestChannel; phone: string; from: string };

/** A new org, a channel in the shared sandbox and a customer number (not written yet). */
export async function inboundCustomer(): Promise<InboundCustomer> {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId);
  const phone = randomPhone();
  return { ...org, channel, phone, from: phone.slice(1) };
}

/** The customer writes through the sandbox; answers the wamid once our receiver took it (200). */
export async function customerWrites(
  c: InboundCustomer,
  message: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const ack = await inbound(c.channel.phoneNumberId, c.from, message, extra);
  expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
  return String(ack.body.id);
}

const INBOUND_KEYS =
  "channel channelId contactId content contentType conversationId direction messageId sender status timestamp whatsappMessageId".split(
    " ",
  );

export type StoredEvent = { id: string; name: string; data: AnyJson; createdAt: Date };

/** Event rows of an organization with that name, oldest first. */
export async function eventsNamed(orgId: string, name: string): Promise<StoredEvent[]> {
  const rows = await db().event.findMany({
    where: { organizationId: orgId, name },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({ id: r.id, name: r.name, data: r.data as AnyJson, createdAt: r.createdAt }));
}

/** Waits for the message.inbound event of one upstream message id and answers its data. */
export async function inboundEvent(orgId: string, wamid: string, ms = hangLimit()): Promise<AnyJson> {
  const event = await eventually(
    () =>
      db().event.findFirst({
        where: {
          organizationId: orgId,
          name: "message.inbound",
          data: { path: ["whatsappMessageId"], equals: wamid },
        },
      }),
    ms,
  );
  return event.data as AnyJson;
}

/**
 * The envelope fields of message.inbound every type shares, checked against the rows they name.
 * Answers the content for a type-specific exact comparison.
 */
export async function expectInboundData(
  c: InboundCustomer,
  data: AnyJson,
  expected: { wamid: string; contentType: string; name?: string; bsuid?: string | null },
): Promise<AnyJson> {
  const message = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: expected.wamid } });
  const contact = await db().contact.findFirstOrThrow({ where: { organizationId: c.orgId, phone: c.phone } });
  expect(Object.keys(data).sort()).toEqual(INBOUND_KEYS);
  expect(data).toMatchObject({
    messageId: message.id,
    whatsappMessageId: expected.wamid,
    conversationId: message.conversationId,
    contactId: contact.id,
    channel: "whatsapp",
    channelId: c.channel.channelId,
    direction: "inbound",
    contentType: expected.contentType,
    status: "delivered",
    sender: { phone: c.from, name: expected.name ?? "Sandbox User", bsuid: expected.bsuid ?? null },
  });
  expect(data.messageId).toMatch(UUID_RE);
  expect(data.conversationId).toMatch(UUID_RE);
  expect(data.timestamp).toMatch(ISO_RE);
  expect(message).toMatchObject({ direction: "inbound", status: "delivered", contactId: contact.id });
  // never a link or the file itself: only our reference
  expect(JSON.stringify(data)).not.toMatch(/https?:|\/\/|"url"|"link"|base64|sha256/i);
  return data.content;
}

/**
 * A sandbox of our own, registered with our receiver, that posts no status by itself: a test
 * posts each status (POST /_sandbox/statuses) in the order it wants.
 */
export async function quietSandbox(): Promise<Sandbox> {
  const sb = await startSandbox({ port: 0, logLevel: "silent" });
  const res = await sandboxAt(sb.url, "/_sandbox/app", "PUT", {
    webhook_url: RECEIVER,
    app_secret: TEST_ENV.appSecret,
    verify_token: TEST_ENV.verifyToken,
    status_delays_ms: { sent: null, delivered: null, read: null },
    webhook_retry_delays_ms: [],
  });
  if (res.status !== 200) throw new Error(`own sandbox registration: ${JSON.stringify(res.body)}`);
  return sb;
}

/** The bytes of a sandbox sample file and their hex SHA-256. */
export async function sampleFile(name: string): Promise<{ bytes: Buffer; sha256: string }> {
  const res = await fetch(`${SANDBOX_URL}/_sandbox/media/${name}`);
  if (!res.ok) throw new Error(`sample ${name}: ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** An inbound media message from the sandbox; answers once the worker has copied the file. */
export async function inboundMedia(
  c: InboundCustomer,
  type: "image" | "audio" | "video" | "document",
  media: Record<string, unknown> = {},
) {
  const wamid = await customerWrites(c, { type, [type]: media });
  const data = await inboundEvent(c.orgId, wamid);
  const mediaId: string = data.messageId;
  const stored = await eventually(async () => {
    const row = await db().media.findUnique({ where: { id: mediaId } });
    return row?.storedAt ? row : undefined;
  });
  return { wamid, mediaId, stored };
}

/** GET a signed media link (or a variation of it) on the web app under test. */
export async function download(url: string) {
  const u = new URL(url);
  const res = await fetch(`${BASE_URL}${u.pathname}${u.search}`);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

// ---- an upstream of our own (statuses posted only when a test asks) ----

/** A phone number in the sandbox at `base` and a channel of `orgId` pointing at it. */
export async function channelAt(orgId: string, base: string): Promise<TestChannel> {
  const { phoneNumberId, wabaId, token } = randomSandboxNumber();
  const put = await sandboxAt(base, `/_sandbox/phone-numbers/${phoneNumberId}`, "PUT", {
    waba_id: wabaId,
    display_phone_number: "+1 555 0100",
    access_token: token,
  });
  if (put.status >= 300) throw new Error(`sandbox phone number: ${JSON.stringify(put.body)}`);
  const channel = await createChannel({
    organizationId: orgId,
    name: `channel ${phoneNumberId}`,
    phoneNumberId,
    wabaId,
    accessToken: token,
    graphUrl: `${base}/v23.0`,
    throughputPerSecond: 80,
  });
  return { channelId: channel.id, phoneNumberId, wabaId, token };
}

/** The customer `to` writes through the sandbox at `base`; resolves once our worker opened the window. */
export async function openWindowAt(orgId: string, base: string, phoneNumberId: string, to: string) {
  const ack = await sandboxAt(base, "/_sandbox/inbound", "POST", {
    phone_number_id: phoneNumberId,
    from: to.slice(1),
    message: { type: "text", text: { body: "hello" } },
  });
  expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
  await eventually(async () => {
    const contact = await db().contact.findFirst({ where: { organizationId: orgId, phone: to } });
    return contact?.lastInboundAt;
  });
}

export function sendMessage(key: string, body: unknown): Promise<ApiResponse> {
  return api("/v1/whatsapp/messages", { method: "POST", key, body });
}
