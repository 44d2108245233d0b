import { expect } from "@playwright/test";
import { createChannel } from "../lib/channels/create-channel";
import { db } from "../lib/db";
import { readyRedis } from "../lib/redis";
import { TEST_ENV } from "../scripts/test/env";
import { randomSandboxNumber } from "../scripts/test/random-data";
import { sandboxAt } from "../scripts/test/sandbox-client";
import { BASE_URL, E2E_HANG_MS, E2E_PORTS } from "./env";

/** The sandbox upstream that global-setup started (in the runner process). */
export const SANDBOX_URL = `http://127.0.0.1:${E2E_PORTS.sandbox}`;

export function sandbox(
  path: string,
  method = "GET",
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return sandboxAt(SANDBOX_URL, path, method, body);
}

async function put(path: string, body: unknown): Promise<void> {
  const res = await sandbox(path, "PUT", body);
  if (res.status >= 300) throw new Error(`sandbox ${path}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Points the sandbox's notifications at the web app under test (idempotent; it runs the handshake). */
export async function connectSandbox(): Promise<void> {
  await put("/_sandbox/app", {
    webhook_url: `${BASE_URL}/webhooks/whatsapp`,
    app_secret: TEST_ENV.appSecret,
    verify_token: TEST_ENV.verifyToken,
    status_delays_ms: { sent: 20, delivered: 60, read: 200 },
    skip_delivered_when_read_fast: false,
    webhook_retry_delays_ms: [200, 1000],
  });
}

export type SandboxNumber = { phoneNumberId: string; wabaId: string; token: string; display: string };

/** A business number of its own in the sandbox, with its WABA's templates. */
export async function sandboxNumber(
  options: { verifiedName?: string; templates?: unknown[] } = {},
): Promise<SandboxNumber> {
  const { phoneNumberId, wabaId, token } = randomSandboxNumber();
  const display = `+1 555 01${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
  await put(`/_sandbox/phone-numbers/${phoneNumberId}`, {
    waba_id: wabaId,
    display_phone_number: display,
    access_token: token,
    ...(options.verifiedName ? { verified_name: options.verifiedName } : {}),
  });
  await put(`/_sandbox/templates/${wabaId}`, { data: options.templates ?? [] });
  return { phoneNumberId, wabaId, token, display };
}

export async function setTemplates(wabaId: string, templates: unknown[]): Promise<void> {
  await put(`/_sandbox/templates/${wabaId}`, { data: templates });
}

/** A customer writes to the business number; answers the wamid once the web app took it. */
export async function customerWrites(
  phoneNumberId: string,
  from: string,
  message: Record<string, unknown>,
  name = "Sandbox User",
  /** more fields of /_sandbox/inbound, e.g. `referral` */
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await sandbox("/_sandbox/inbound", "POST", {
    phone_number_id: phoneNumberId,
    from,
    name,
    message,
    ...extra,
  });
  const ack = res.body as { id?: string; status?: number } | undefined;
  if (res.status !== 200 || ack?.status !== 200)
    throw new Error(`inbound not taken: ${JSON.stringify(res.body)}`);
  return String(ack.id);
}

/**
 * A channel of `organizationId` on a sandbox number, made as the operator's CLI makes one (no
 * question to WhatsApp first, so `wabaId` may be one the number's token cannot read); its first
 * template sync is queued, not awaited.
 */
export function channelOn(
  organizationId: string,
  name: string,
  number: SandboxNumber,
  wabaId = number.wabaId,
) {
  return createChannel({
    organizationId,
    name,
    phoneNumberId: number.phoneNumberId,
    wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
}

/** A sandbox number with these templates and a channel of `organizationId` on it, its first template sync done. */
export async function sandboxChannel(organizationId: string, name: string, templates: unknown[]) {
  const number = await sandboxNumber({ templates });
  const channel = await channelOn(organizationId, name, number);
  // channel creation queues the first sync (lib/channels/create-channel.ts), templates then Flows;
  // the worker runs it. Awaited to its end, not to templatesSyncedAt: its Flows half removes the
  // channel's Flows that Meta's list lacks, so a Flow a spec seeded in between was gone by the
  // time its page was read (flow-endpoint-keys.spec in CI)
  const redis = await readyRedis();
  await expect
    .poll(async () => redis.hget(`bull:{templates}:sync-${channel.id}-initial`, "finishedOn"), {
      timeout: E2E_HANG_MS,
    })
    .toBeTruthy();
  expect((await db().channel.findUnique({ where: { id: channel.id } }))?.templatesSyncedAt).toBeTruthy();
  return { channel, number };
}

/**
 * A customer (`phone`, E.164) writes to the business number and waits until the app has taken it:
 * the message is in a conversation of `organizationId` and the contact's 24-hour window is open.
 * Answers the message's wamid and its conversation.
 */
export async function customerOpensWindow(
  organizationId: string,
  phoneNumberId: string,
  phone: string,
  name: string,
  text = "Hi",
): Promise<{ wamid: string; conversationId: string }> {
  const wamid = await customerWrites(
    phoneNumberId,
    phone.slice(1),
    { type: "text", text: { body: text } },
    name,
  );
  let conversationId = "";
  await expect
    .poll(
      async () => {
        const [message, open] = await Promise.all([
          db().message.findFirst({ where: { organizationId, whatsappMessageId: wamid } }),
          db().contact.count({ where: { organizationId, phone, lastInboundAt: { not: null } } }),
        ]);
        conversationId = message?.conversationId ?? "";
        return conversationId !== "" && open === 1;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return { wamid, conversationId };
}
