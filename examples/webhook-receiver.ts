import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { pathToFileURL } from "node:url";

// A complete webhook receiver for the Service's deliveries, with nothing but Node.js.
// Run it:  WEBHOOK_SECRET=<your webhook's secret> PORT=8080 npx tsx webhook-receiver.ts

export type WebhookEnvelope = {
  id: string;
  event: string;
  timestamp: string;
  organization_id: string;
  data: Record<string, unknown>;
};

const TOLERANCE_MS = 5 * 60 * 1000; // refuse deliveries signed more than 5 minutes away from our clock
const REMEMBER_MS = 24 * 60 * 60 * 1000; // a delivery id is remembered for 24 hours
const MAX_BODY_BYTES = 1024 * 1024;

export type Verdict = "ok" | "missing signature" | "bad signature" | "stale timestamp";

/** X-Service-Signature = "sha256=" + hex(HMAC-SHA256(secret, X-Service-Timestamp + "." + raw body)) */
export function verifySignature(
  secret: string,
  rawBody: string,
  timestamp: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): Verdict {
  if (!timestamp || !signature) return "missing signature";
  const sentAt = Number(timestamp);
  if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > TOLERANCE_MS) return "stale timestamp";
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  return a.length === b.length && timingSafeEqual(a, b) ? "ok" : "bad signature"; // constant time
}

/** Delivery ids seen in the last 24 h. In memory: with several instances use Redis or your database. */
export class SeenDeliveries {
  private readonly seen = new Map<string, number>();

  /** true the first time an id is claimed within the window, false for a repeat */
  claim(id: string, now = Date.now()): boolean {
    for (const [key, at] of this.seen) {
      if (now - at < REMEMBER_MS) break; // the Map keeps insertion order: the oldest come first
      this.seen.delete(key);
    }
    if (this.seen.has(id)) return false;
    this.seen.set(id, now);
    return true;
  }

  forget(id: string): void {
    this.seen.delete(id);
  }
}

function readRawBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error("body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export type ReceiverOptions = {
  secret: string;
  /** keep it fast (store or enqueue the event): the Service waits at most 10 s, answer within 3 s */
  onEvent: (event: WebhookEnvelope) => Promise<void> | void;
};

export function createWebhookReceiver({ secret, onEvent }: ReceiverOptions): Server {
  const seen = new SeenDeliveries();
  return createServer(async (req, res) => {
    const reply = (status: number, text: string) =>
      res.writeHead(status, { "Content-Type": "text/plain" }).end(text);
    if (req.method !== "POST") return reply(405, "POST only");
    let rawBody: string;
    try {
      rawBody = await readRawBody(req); // the exact bytes that were signed: verify before parsing
    } catch {
      return reply(413, "body too large");
    }
    const signature = header(req, "x-service-signature");
    const verdict = verifySignature(secret, rawBody, header(req, "x-service-timestamp"), signature);
    if (verdict !== "ok") return reply(401, verdict);
    let event: WebhookEnvelope;
    try {
      event = JSON.parse(rawBody) as WebhookEnvelope;
    } catch {
      return reply(400, "not JSON");
    }
    // X-Service-Delivery-Id equals the signed body's id; de-duplicating on the signed copy means
    // that a replayed request with an edited header is still recognized.
    if (header(req, "x-service-delivery-id") !== event.id) return reply(400, "delivery id mismatch");
    if (!seen.claim(event.id)) return reply(200, "duplicate ignored"); // 2xx, or it is retried
    try {
      await onEvent(event);
    } catch {
      seen.forget(event.id); // not handled: let the retry through
      return reply(500, "not processed, retry later");
    }
    return reply(200, "ok");
  });
}

// Started directly (not imported): listen on PORT and log each event.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) throw new Error("set WEBHOOK_SECRET to your webhook's secret");
  const port = Number(process.env.PORT ?? 8080);
  createWebhookReceiver({
    secret,
    onEvent: (e) => console.log(e.id, e.event, JSON.stringify(e.data)),
  }).listen(port);
  console.log(`listening on http://localhost:${port}`);
}
