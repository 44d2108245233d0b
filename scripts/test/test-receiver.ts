import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { api, randomPhone } from "@/scripts/test/helpers";

/**
 * A customer endpoint for the delivery tests: a real node:http server on a random loopback
 * port that records every request and answers what the test says. Signatures are verified
 * here with our own node:crypto code, independent of lib/webhooks/sign.ts.
 */
export type Received = {
  headers: IncomingHttpHeaders;
  raw: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  body: any;
  deliveryId: string;
  status: number;
  at: number;
};

/**
 * What the receiver answers. `delayMs` holds the answer for a time (a timeout the test provokes);
 * `until` holds it until the test lets it go (an order the test asserts, whatever the machine's pace).
 */
export type Answer = {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  until?: Promise<unknown>;
};

export class TestReceiver {
  readonly received: Received[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** requests answered while their sender still waited (not those it gave up on) */
  answered = 0;
  answer: (request: { deliveryId: string; nth: number }) => Answer = () => ({ status: 200 });
  private server: Server | undefined;

  private constructor(readonly port: number) {}

  static async start(listen = true): Promise<TestReceiver> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const receiver = new TestReceiver(port);
    if (listen) await receiver.up();
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  of(deliveryId: string): Received[] {
    return this.received.filter((r) => r.deliveryId === deliveryId);
  }

  async up(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const deliveryId = String(req.headers["x-service-delivery-id"] ?? "");
        const nth = this.of(deliveryId).length + 1;
        const answer = this.answer({ deliveryId, nth });
        this.inFlight++;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        // in flight while the sender waits: until the answer goes, or until the sender gives up and
        // closes the connection (its attempt's timeout), after which it may start another request
        // (two suites side by side, a load of 20: a held request outlived the 10 s timeout and the
        // sender's next ten were counted on top of its first ten)
        let open = true;
        const leave = () => {
          if (!open) return;
          open = false;
          this.inFlight--;
        };
        res.once("close", leave);
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          body = undefined;
        }
        this.received.push({
          headers: req.headers,
          raw,
          body,
          deliveryId,
          status: answer.status,
          at: Date.now(),
        });
        if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
        if (answer.until) await answer.until;
        if (open) this.answered++;
        leave();
        res.writeHead(answer.status, answer.headers).end(answer.body ?? "");
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The contract's scheme: sha256=hex(HMAC(secret, X-Service-Timestamp + "." + raw body)). */
export function verifyServiceSignature(secret: string, r: Received): boolean {
  const signed = `${header(r.headers, "x-service-timestamp")}.${r.raw}`;
  const expected = `sha256=${createHmac("sha256", secret).update(signed).digest("hex")}`;
  return equal(expected, header(r.headers, "x-service-signature"));
}

/** Standard Webhooks: v1,base64(HMAC(key, id.timestamp.body)); a whsec_ secret is base64 after its prefix. */
export function verifyStandardSignature(secret: string, r: Received): boolean {
  const key = secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret);
  const signed = `${header(r.headers, "webhook-id")}.${header(r.headers, "webhook-timestamp")}.${r.raw}`;
  const expected = `v1,${createHmac("sha256", key).update(signed).digest("base64")}`;
  return header(r.headers, "webhook-signature")
    .split(" ")
    .some((candidate) => equal(expected, candidate));
}

export async function registerWebhook(
  key: string,
  url: string,
  options: { events?: string[]; secret?: string; name?: string } = {},
): Promise<string> {
  const res = await api("/v1/webhooks", {
    method: "POST",
    key,
    body: { url, events: options.events ?? ["contact.created"], secret: options.secret, name: options.name },
  });
  if (res.status !== 201) throw new Error(`webhook registration failed: ${res.status} ${res.text}`);
  return res.body.data.id;
}

export async function newContact(key: string): Promise<string> {
  const res = await api("/v1/contacts", { method: "POST", key, body: { phone: randomPhone(), name: "Ada" } });
  if (res.status !== 201) throw new Error(`contact creation failed: ${res.status} ${res.text}`);
  return res.body.data.id;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
export async function listDeliveries(key: string, webhookId: string, query = ""): Promise<any[]> {
  return (await api(`/v1/webhooks/${webhookId}/deliveries${query}`, { key })).body.data;
}
