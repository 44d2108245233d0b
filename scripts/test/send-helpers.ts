import { expect } from "vitest";
import { db } from "@/lib/db";
import { QUEUES } from "@/lib/queues";
import { readyRedis } from "@/lib/redis";
import {
  type AnyJson,
  type ApiResponse,
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  hangLimit,
  randomPhone,
  SANDBOX_URL,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { freePort } from "@/scripts/test/ports";
import { randomSandboxNumber } from "@/scripts/test/random-data";
import { sandboxAt } from "@/scripts/test/sandbox-client";

export const MESSAGES = "/v1/whatsapp/messages";
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function send(key: string, body: unknown): Promise<ApiResponse> {
  return api(MESSAGES, { method: "POST", key, body });
}

export type UpstreamRequest = {
  id: string | null;
  phone_number_id: string;
  body: AnyJson;
  received_at: string;
  result: number | null;
  response: AnyJson;
};

/** Every send request the sandbox received for a number (and recipient), oldest first. */
export async function upstreamRequests(
  phoneNumberId: string,
  to?: string,
  base = SANDBOX_URL,
): Promise<UpstreamRequest[]> {
  const query = new URLSearchParams({ phone_number_id: phoneNumberId, ...(to ? { to: digits(to) } : {}) });
  const res = await sandboxAt(base, `/_sandbox/messages?${query}`);
  return res.body.data;
}

export function digits(phone: string): string {
  return phone.replace(/^\+/, "");
}

/** A sandbox fault for one number only: tests run in parallel against one sandbox. */
export async function injectFault(phoneNumberId: string, fault: Record<string, unknown>, base = SANDBOX_URL) {
  const res = await sandboxAt(base, "/_sandbox/faults", "POST", { phone_number_id: phoneNumberId, ...fault });
  if (res.status !== 201) throw new Error(`fault: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The customer writes through the sandbox; resolves once our worker has opened the window. */
export async function openWindow(
  orgId: string,
  phoneNumberId: string,
  to: string,
  base = SANDBOX_URL,
): Promise<void> {
  const ack = await sandboxAt(base, "/_sandbox/inbound", "POST", {
    phone_number_id: phoneNumberId,
    from: digits(to),
    message: { type: "text", text: { body: "hello" } },
  });
  expect(ack.body.status, JSON.stringify(ack.body)).toBe(200);
  await eventually(async () => {
    const c = await db().contact.findFirst({ where: { organizationId: orgId, phone: to } });
    return c?.lastInboundAt;
  });
}

export type Sender = TestOrg & { channel: TestChannel; to: string };

/** A new org with one sandbox channel and a customer whose 24-hour window is open (unless `closed`). */
export async function readySender(
  options: { templates?: unknown[]; throughput?: number; closed?: boolean } = {},
): Promise<Sender> {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, options);
  const to = randomPhone();
  if (!options.closed) await openWindow(org.orgId, channel.phoneNumberId, to);
  return { ...org, channel, to };
}

/** The Send result of the contract, checked field by field against what the sandbox accepted. */
export function expectSendResult(res: ApiResponse, to: string, accepted: UpstreamRequest, template?: string) {
  expect(res.status, res.text).toBe(200);
  expect(res.body.success).toBe(true);
  const data = res.body.data;
  expect(Object.keys(data).sort()).toEqual(
    ["messageId", "status", "timestamp", "to", "whatsappMessageId", ...(template ? ["template"] : [])].sort(),
  );
  expect(data.messageId).toMatch(UUID_RE);
  expect(data.whatsappMessageId).toMatch(/^wamid\./);
  expect(data.whatsappMessageId).toBe(accepted.id);
  expect(data.status).toBe("sent");
  expect(data.to).toBe(to);
  expect(new Date(data.timestamp).toISOString()).toBe(data.timestamp);
  if (template) expect(data.template).toBe(template);
}

/** The one accepted upstream request of a send, found by its biz_opaque_callback_data. */
export async function acceptedRequest(phoneNumberId: string, messageId: string, base = SANDBOX_URL) {
  const all = await upstreamRequests(phoneNumberId, undefined, base);
  const mine = all.filter((r) => r.body?.biz_opaque_callback_data === messageId);
  expect(mine, `upstream requests carrying ${messageId}`).toHaveLength(1);
  return mine[0] as UpstreamRequest;
}

/** Names of the Event rows about one message, oldest first. */
export async function messageEvents(orgId: string, messageId: string): Promise<string[]> {
  const events = await db().event.findMany({
    where: { organizationId: orgId, data: { path: ["messageId"], equals: messageId } },
    orderBy: { createdAt: "asc" },
  });
  // events written in one transaction (a `read` that implies `delivered`) can share their time
  return events
    .map((e, i) => ({ name: e.name, at: e.createdAt.getTime(), i }))
    .sort((a, b) => a.at - b.at || LIFE.indexOf(a.name) - LIFE.indexOf(b.name) || a.i - b.i)
    .map((e) => e.name);
}

const LIFE = ["message.sent", "message.delivered", "message.read", "message.failed"];

export async function waitForStatus(messageId: string, statuses: string[], ms = hangLimit()) {
  return eventually(async () => {
    const m = await db().message.findUnique({ where: { id: messageId } });
    return m && statuses.includes(m.status) ? m : undefined;
  }, ms);
}

export function sampleMedia(file: string, base = SANDBOX_URL): string {
  return `${base}/_sandbox/media/${file}`;
}

// a port of the OS's choosing, from the one allocator (scripts/test/ports.ts)
export { freePort };

/** A loopback URL on a port nothing listens on: the sandbox cannot fetch it. */
export async function unreachableUrl(path = "/x.jpg"): Promise<string> {
  return `http://127.0.0.1:${await freePort()}${path}`;
}

/** A phone number in the sandbox at `base` and a channel of `orgId` pointing at it. */
export async function createChannelAt(
  orgId: string,
  base: string,
  options: {
    templates?: unknown[];
    throughput?: number;
    /** the sandbox number's own limit (130429 past it); the channel's throughput when absent */
    sandboxThroughput?: number;
    token?: string;
  } = {},
): Promise<TestChannel> {
  const { createChannel } = await import("@/lib/channels/create-channel");
  const { phoneNumberId, wabaId, token } = randomSandboxNumber();
  const put = await sandboxAt(base, `/_sandbox/phone-numbers/${phoneNumberId}`, "PUT", {
    waba_id: wabaId,
    display_phone_number: "+1 555 0100",
    access_token: token,
    throughput_per_second: options.sandboxThroughput ?? options.throughput ?? 80,
  });
  if (put.status >= 300) throw new Error(`sandbox phone number: ${JSON.stringify(put.body)}`);
  if (options.templates)
    await sandboxAt(base, `/_sandbox/templates/${wabaId}`, "PUT", { data: options.templates });
  const channel = await createChannel({
    organizationId: orgId,
    name: `channel ${phoneNumberId}`,
    phoneNumberId,
    wabaId,
    accessToken: options.token ?? token,
    graphUrl: `${base}/v23.0`,
    throughputPerSecond: options.throughput ?? 80,
  });
  return { channelId: channel.id, phoneNumberId, wabaId, token };
}

/** Waits for the channel's first template sync (queued by channel creation, run by the worker). */
export async function waitForTemplateSync(channelId: string): Promise<void> {
  await eventually(
    async () => {
      const c = await db().channel.findUnique({ where: { id: channelId } });
      return c?.templatesSyncedAt;
    },
    undefined,
    `channel ${channelId}'s first template sync`,
  );
  // and the channel's first sync job to its end (lib/channels/create-channel.ts queues it): after the
  // templates it syncs the Flows and removes those Meta's list lacks, so a Flow a test seeded in
  // between was gone (messages.flows in CI: 404 "No such Flow"). A job not in this Redis database
  // (a stack of its own) or already removed has nothing left to do here.
  const redis = await readyRedis();
  const job = `bull:${QUEUES.templates.name}:sync-${channelId}-initial`;
  await eventually(
    async () => (await redis.exists(job)) === 0 || Boolean(await redis.hget(job, "finishedOn")),
    undefined,
    `the end of job ${job}`,
  );
}

const bodyExample = (values: string[]) => ({ example: { body_text: [values] } });

/**
 * Cloud API template objects for a WABA: text-only, positional, named, image header with
 * buttons, each in en_US and es; `also` adds more (e.g. a REJECTED one).
 */
export function templateFixtures(also: AnyJson[] = []): AnyJson[] {
  const both = (t: AnyJson, es: string) => [
    { ...t, language: "en_US" },
    {
      ...t,
      language: "es",
      components: t.components.map((c: AnyJson) => (c.type === "BODY" ? { ...c, text: es } : c)),
    },
  ];
  return [
    ...both(
      {
        name: "plain_notice",
        category: "UTILITY",
        components: [
          { type: "BODY", text: "Your appointment is confirmed." },
          { type: "FOOTER", text: "Reply STOP to opt out" },
        ],
      },
      "Su cita está confirmada.",
    ),
    ...both(
      {
        name: "order_shipped",
        category: "UTILITY",
        components: [
          { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
          { type: "BODY", text: "Hi {{1}}, your order {{2}} has shipped.", ...bodyExample(["Ana", "A-1"]) },
        ],
      },
      "Hola {{1}}, su pedido {{2}} fue enviado.",
    ),
    ...both(
      {
        name: "welcome_named",
        category: "MARKETING",
        parameter_format: "NAMED",
        components: [
          {
            type: "BODY",
            text: "Welcome {{first_name}}, your code is {{code}}.",
            example: { body_text_named_params: [{ param_name: "first_name", example: "Ana" }] },
          },
        ],
      },
      "Bienvenida {{first_name}}, su código es {{code}}.",
    ),
    ...both(
      {
        name: "summer_promo",
        category: "MARKETING",
        components: [
          { type: "HEADER", format: "IMAGE", example: { header_handle: ["https://example.com/h.jpg"] } },
          { type: "BODY", text: "Deals up to {{1}} off.", ...bodyExample(["50%"]) },
          {
            type: "BUTTONS",
            buttons: [
              { type: "QUICK_REPLY", text: "Stop promotions" },
              {
                type: "URL",
                text: "Shop",
                url: "https://shop.example.com/{{1}}",
                example: ["https://shop.example.com/x"],
              },
            ],
          },
        ],
      },
      "Ofertas de hasta {{1}}.",
    ),
    ...also,
  ];
}

/** The components that fill every variable of the fixtures above. */
export const FILLED = {
  order_shipped: [
    { type: "header", parameters: [{ type: "text", text: "A-7" }] },
    {
      type: "body",
      parameters: [
        { type: "text", text: "Ana" },
        { type: "text", text: "A-7" },
      ],
    },
  ],
  welcome_named: [
    {
      type: "body",
      parameters: [
        { type: "text", text: "K-42", parameter_name: "code" },
        { type: "text", text: "Ana", parameter_name: "first_name" },
      ],
    },
  ],
  summer_promo: (imageLink: string) => [
    { type: "header", parameters: [{ type: "image", image: { link: imageLink } }] },
    { type: "body", parameters: [{ type: "text", text: "30%" }] },
    { type: "button", sub_type: "quick_reply", index: 0, parameters: [{ type: "payload", payload: "STOP" }] },
    { type: "button", sub_type: "url", index: 1, parameters: [{ type: "text", text: "summer" }] },
  ],
};
