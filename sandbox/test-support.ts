import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Sandbox, startSandbox } from "@/sandbox/server";

/** Helpers for the sandbox's own tests: a webhook receiver and a registered sandbox. */

export type Received = { headers: Record<string, string | string[] | undefined>; raw: string; body: unknown };

export type Receiver = {
  url: string;
  received: Received[];
  /** what POSTs are answered with */
  answer: { status: number };
  close: () => Promise<void>;
};

export async function startReceiver(verifyToken: string): Promise<Receiver> {
  const received: Received[] = [];
  const answer = { status: 200 };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://receiver.invalid");
    if (req.method === "GET") {
      const ok =
        url.searchParams.get("hub.mode") === "subscribe" &&
        url.searchParams.get("hub.verify_token") === verifyToken;
      res.writeHead(ok ? 200 : 403).end(ok ? (url.searchParams.get("hub.challenge") ?? "") : "forbidden");
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(answer.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/whatsapp`,
    received,
    answer,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const APP_SECRET = "sandbox-test-secret";
export const VERIFY_TOKEN = "sandbox-verify-token";
export const PHONE_NUMBER_ID = "106540352242922";
export const WABA_ID = "102290129340398";
export const TOKEN = "EAAG-sandbox-token";
export const CUSTOMER = "+1 (650) 555-1234";
export const CUSTOMER_WA_ID = "16505551234";

export type Answer = { status: number; body: unknown; headers: Headers };

export type Harness = {
  sandbox: Sandbox;
  receiver: Receiver;
  call: (method: string, path: string, body?: unknown, token?: string | null) => Promise<Answer>;
  send: (body: Record<string, unknown>, token?: string | null) => Promise<Answer>;
  close: () => Promise<void>;
};

/** A sandbox with an app (verified against a local receiver) and one phone number. */
export async function startHarness(settings: Record<string, unknown> = {}): Promise<Harness> {
  const sandbox = await startSandbox({ logLevel: "silent" });
  const receiver = await startReceiver(VERIFY_TOKEN);
  const call: Harness["call"] = async (method, path, body, token = null) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === "" ? null : JSON.parse(text),
      headers: response.headers,
    };
  };
  const app = await call("PUT", "/_sandbox/app", {
    webhook_url: receiver.url,
    app_secret: APP_SECRET,
    verify_token: VERIFY_TOKEN,
    ...settings,
  });
  if (app.status !== 200) throw new Error(`PUT /_sandbox/app: ${JSON.stringify(app.body)}`);
  await call("PUT", `/_sandbox/phone-numbers/${PHONE_NUMBER_ID}`, {
    waba_id: WABA_ID,
    display_phone_number: "+1 555-078-3881",
    access_token: TOKEN,
  });
  return {
    sandbox,
    receiver,
    call,
    send: (body, token = TOKEN) =>
      call(
        "POST",
        `/v23.0/${PHONE_NUMBER_ID}/messages`,
        { messaging_product: "whatsapp", to: CUSTOMER, ...body },
        token,
      ),
    close: async () => {
      await sandbox.close();
      await receiver.close();
    },
  };
}

/** Opens the 24-hour window for CUSTOMER. */
export async function customerWrites(h: Harness, text = "hi"): Promise<void> {
  const r = await h.call("POST", "/_sandbox/inbound", {
    phone_number_id: PHONE_NUMBER_ID,
    from: CUSTOMER_WA_ID,
    message: { type: "text", text: { body: text } },
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
}

export function sign(raw: string, secret = APP_SECRET): string {
  return `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
}

export async function waitFor<T>(probe: () => T | undefined, timeoutMs = 3_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("waitFor: timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

export type StatusItem = {
  id: string;
  status: string;
  timestamp: string;
  recipient_id: string;
  biz_opaque_callback_data?: string;
  pricing?: { billable: boolean; pricing_model: string; category: string; type: string };
  errors?: Array<{
    code: number;
    title: string;
    message: string;
    error_data: { details: string };
    href: string;
  }>;
};

type Notification = {
  entry: Array<{ id: string; changes: Array<{ field: string; value: Record<string, unknown> }> }>;
};

/** The change values of every notification received so far. */
export function valuesReceived(receiver: Receiver): Array<Record<string, unknown>> {
  return receiver.received.flatMap((r) =>
    (r.body as Notification).entry.flatMap((e) => e.changes.map((c) => c.value)),
  );
}

/** The statuses[] of every status notification received so far, flattened. */
export function statusesReceived(receiver: Receiver): StatusItem[] {
  return valuesReceived(receiver).flatMap((v) => (v.statuses as StatusItem[] | undefined) ?? []);
}

/** The wamid of a successful send answer. */
export function wamidOf(answer: Answer): string {
  const id = (answer.body as { messages?: Array<{ id?: string }> }).messages?.[0]?.id;
  if (typeof id !== "string") throw new Error(`not a send success: ${JSON.stringify(answer.body)}`);
  return id;
}

/** The Graph error of an answer. */
export function graphErrorOf(answer: Answer): {
  code: number;
  message: string;
  type: string;
  error_data?: { details: string };
} {
  const error = (answer.body as { error?: { code: number; message: string; type: string } }).error;
  if (!error) throw new Error(`not an error: ${JSON.stringify(answer.body)}`);
  return error;
}
