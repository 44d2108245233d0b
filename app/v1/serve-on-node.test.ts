import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENV } from "@/scripts/test/env";
import { createTestOrg, randomIp, randomPhone, type TestOrg } from "@/scripts/test/helpers";
import { freePort } from "@/scripts/test/ports";
import { type RawAnswer, type RawRequest, rawRequest } from "@/scripts/test/raw-http";
import { type Stack, startStack } from "@/scripts/test/stack";

/**
 * Issue 33: scripts/web.ts answers /v1 on node:http by calling the route files under app/v1
 * itself (lib/api/serve-on-node.ts), before Next.js. The suite's shared web app does so; this file
 * starts a second web app with WEB_API=next, where Next answers /v1 as before, and sends each
 * request to both: status, body and every header but the per-request ones must be the same. The
 * shared app's /metrics shows the lane answered (a lane that handed everything to Next would make
 * every comparison pass).
 */
let next: Stack;
let nextPort: number;
let org: TestOrg;

const METRICS_AUTH = { authorization: `Bearer ${TEST_ENV.metricsToken}` };
/** what differs between two answers to one request: the moment, the request id, the window's clock */
const PER_REQUEST = new Set([
  "date",
  "x-request-id",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "keep-alive",
]);

beforeAll(async () => {
  org = await createTestOrg();
  nextPort = await freePort();
  next = await startStack({
    webPort: nextPort,
    pgProxyPort: await freePort(),
    redisProxyPort: await freePort(),
    worker: false,
    env: { WEB_API: "next", METRICS_TOKEN: TEST_ENV.metricsToken, DATABASE_POOL_SIZE: "3" },
  });
}, 180_000);

afterAll(async () => {
  await next?.stop();
});

/**
 * Next varies every App Router answer on its own router's request headers (`rsc`,
 * `next-router-*`): a cache key for its pages' flight data, which no /v1 answer has. The lane does
 * not copy them; every other header must be the same.
 */
const NEXT_ROUTER_VARY = /^(rsc|next-router-[a-z-]+)$/i;

function lasting(answer: RawAnswer): Record<string, unknown> {
  const headers = Object.entries(answer.headers).filter(([name]) => !PER_REQUEST.has(name));
  const vary = String(answer.headers.vary ?? "")
    .split(",")
    .map((token) => token.trim())
    .filter((token) => token !== "" && !NEXT_ROUTER_VARY.test(token))
    .join(", ");
  return Object.fromEntries(
    [...headers.filter(([name]) => name !== "vary"), ...(vary ? [["vary", vary] as const] : [])].sort(
      ([a], [b]) => a.localeCompare(b),
    ),
  );
}

/** The same request to the lane (the shared app) and to Next (this file's app). */
async function both(req: RawRequest): Promise<{ lane: RawAnswer; viaNext: RawAnswer }> {
  const headers = { "x-forwarded-for": randomIp(), ...req.headers };
  const lane = await rawRequest({ ...req, headers });
  const viaNext = await rawRequest({ ...req, headers }, nextPort);
  return { lane, viaNext };
}

async function expectSame(req: RawRequest): Promise<RawAnswer> {
  const { lane, viaNext } = await both(req);
  expect(lane.status, `${req.method} ${req.path}`).toBe(viaNext.status);
  expect(lasting(lane), `${req.method} ${req.path}`).toEqual(lasting(viaNext));
  expect(lane.body ?? lane.text).toEqual(viaNext.body ?? viaNext.text);
  return lane;
}

async function laneAnswers(): Promise<number> {
  const text = await (
    await fetch(`http://127.0.0.1:${TEST_ENV.webPort}/metrics`, { headers: METRICS_AUTH })
  ).text();
  const line = text.split("\n").find((l) => l.startsWith('messaging_web_node_answers_total{lane="api"}'));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

const auth = () => ({ authorization: `Bearer ${org.key}`, "content-type": "application/json" });

describe("the /v1 API on node:http answers as Next does", { timeout: 90_000 }, () => {
  it("the shared web app answers /v1 itself; WEB_API=next leaves it to Next", async () => {
    const before = await laneAnswers();
    const res = await rawRequest({ method: "GET", path: "/v1/contacts", headers: auth() });
    expect(res.status).toBe(200);
    expect(await laneAnswers()).toBeGreaterThan(before);
    await rawRequest({ method: "GET", path: "/v1/contacts", headers: auth() }, nextPort);
    const viaNext = await (
      await fetch(`http://127.0.0.1:${nextPort}/metrics`, { headers: METRICS_AUTH })
    ).text();
    expect(viaNext).not.toContain('messaging_web_node_answers_total{lane="api"}');
  });

  it("refusals: no key, a bad key, an invalid body, a method the route does not serve", async () => {
    const missing = await expectSame({ method: "POST", path: "/v1/whatsapp/messages", body: "{}" });
    expect(missing.body.error.code).toBe("AUTH_MISSING_KEY");
    const invalid = await expectSame({
      method: "POST",
      path: "/v1/whatsapp/messages",
      headers: { authorization: "Bearer service_sk_nope" },
      body: "{}",
    });
    expect(invalid.status).toBe(401);
    const body = await expectSame({
      method: "POST",
      path: "/v1/whatsapp/messages",
      headers: auth(),
      body: "{}",
    });
    expect(body.status).toBe(400);
    const malformed = await expectSame({
      method: "POST",
      path: "/v1/contacts",
      headers: auth(),
      body: '{"phone":',
    });
    expect(malformed.status).toBe(400);
    const put = await expectSame({
      method: "PUT",
      path: "/v1/whatsapp/messages",
      headers: auth(),
      body: "{}",
    });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("POST");
    await expectSame({ method: "GET", path: "/v1/contacts?limit=abc&cursor=%zz", headers: auth() });
  });

  it("a body over the endpoint's limit is refused with 413 and the connection closed", async () => {
    const big = JSON.stringify({ phone: randomPhone(), name: "x".repeat(1024 * 1024 + 10) });
    const res = await expectSame({ method: "POST", path: "/v1/contacts", headers: auth(), body: big });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(res.headers.connection).toBe("close");
  });

  it("paths the lane leaves to Next answer the same: unknown, trailing slash, percent-encoded, HEAD, OPTIONS", async () => {
    for (const req of [
      { method: "GET", path: "/v1/nothing/here" },
      { method: "GET", path: "/v1/contacts/" },
      { method: "GET", path: "/v1/contacts/%zz" },
      { method: "GET", path: `/v1/contacts/${randomUUID()}` },
      { method: "HEAD", path: "/v1/openapi.json" },
      { method: "OPTIONS", path: "/v1/contacts" },
    ]) {
      await expectSame({ ...req, headers: auth() });
    }
  });

  it("a list over 1 KB is gzipped for a client that accepts it, as Next's compression does", async () => {
    for (let i = 0; i < 12; i++) {
      const res = await rawRequest({
        method: "POST",
        path: "/v1/contacts",
        headers: auth(),
        body: JSON.stringify({ phone: randomPhone(), name: `Gzip ${i}` }),
      });
      expect(res.status).toBe(201);
    }
    const req = {
      method: "GET",
      path: "/v1/contacts?limit=12",
      headers: { ...auth(), "accept-encoding": "gzip, deflate, br" },
    };
    const { lane, viaNext } = await both(req);
    expect(lane.status).toBe(200);
    expect(lane.headers["content-encoding"]).toBe("gzip");
    expect(lasting(lane)).toEqual(lasting(viaNext));
    const raw = (a: RawAnswer) => JSON.parse(gunzipSync(a.bytes).toString("utf8"));
    expect(raw(lane)).toEqual(raw(viaNext));
    // an answer under 1 KB says no-transform: sent as it is by both
    const small = await expectSame({
      method: "GET",
      path: `/v1/whatsapp/messages/${randomUUID()}`,
      headers: { ...auth(), "accept-encoding": "gzip" },
    });
    expect(small.status).toBe(404);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("an idempotent create made through the lane replays through Next, and the other way", async () => {
    for (const [first, second] of [
      [undefined, nextPort],
      [nextPort, undefined],
    ] as const) {
      const key = randomUUID();
      const req: RawRequest = {
        method: "POST",
        path: "/v1/contacts",
        headers: { ...auth(), "idempotency-key": key },
        body: JSON.stringify({ phone: randomPhone(), name: "Once" }),
      };
      const made = await rawRequest(req, first);
      expect(made.status).toBe(201);
      const again = await rawRequest(req, second);
      expect(again.status).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.body).toEqual(made.body);
    }
  });

  it("a conditional GET of the OpenAPI document is answered 304 by both", async () => {
    const doc = await expectSame({ method: "GET", path: "/v1/openapi.json" });
    expect(doc.status).toBe(200);
    const etag = String(doc.headers.etag);
    const res = await expectSame({
      method: "GET",
      path: "/v1/openapi.json",
      headers: { "if-none-match": etag },
    });
    expect(res.status).toBe(304);
  });
});
