import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import { E2E_HANG_MS } from "./env";

export type Received = {
  headers: IncomingHttpHeaders;
  /** the raw body, byte for byte */
  body: string;
  json: {
    id: string;
    event: string;
    timestamp: string;
    organization_id: string;
    data: Record<string, unknown>;
  };
  answered: number;
};

export type Receiver = {
  url: string;
  received: Received[];
  /** the status code every later request is answered with */
  answer: (status: number) => void;
  close: () => Promise<void>;
  /** waits for a request matching `match` among those after the first `after` ones */
  next: (
    match: (r: Received) => boolean,
    options?: { after?: number; timeoutMs?: number },
  ) => Promise<Received>;
};

/** A customer's webhook endpoint on loopback (the test stack runs with ALLOW_LOOPBACK_URLS=true). */
export async function startReceiver(status = 200): Promise<Receiver> {
  let answer = status;
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: req.headers, body, json: JSON.parse(body), answered: answer });
      res.writeHead(answer, { "content-type": "application/json" });
      res.end(answer < 300 ? '{"received":true}' : '{"error":"receiver is down for the test"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (next) => {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    // a wait for a delivery, so only a hang runs out of it: the first one of a spec waits for a
    // worker that a loaded CI machine (two suites on two cores) may take many seconds to reach
    next: async (match, { after = 0, timeoutMs = E2E_HANG_MS } = {}) => {
      const find = () => received.slice(after).find(match);
      await expect.poll(() => find() !== undefined, { timeout: timeoutMs }).toBe(true);
      const found = find();
      if (!found) throw new Error("no matching delivery");
      return found;
    },
  };
}

function header(r: Received, name: string): string {
  const value = r.headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
}

/** What the contract tells receivers to do: HMAC-SHA256(secret, timestamp + "." + rawBody), hex. */
export function signedWith(r: Received, secret: string): boolean {
  const timestamp = header(r, "X-Service-Timestamp");
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${r.body}`).digest("hex")}`;
  const actual = header(r, "X-Service-Signature");
  return actual.length === expected.length && timingSafeEqual(Buffer.from(actual), Buffer.from(expected));
}

export function eventOf(r: Received): string {
  return header(r, "X-Service-Event");
}

export function deliveryIdOf(r: Received): string {
  return header(r, "X-Service-Delivery-Id");
}
