import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sweepUpstream } from "@/lib/inbound/sweep-upstream";
import {
  apiAt,
  createTestOrg,
  expectError,
  hangLimit,
  pollUntil,
  type TestOrg,
} from "@/scripts/test/helpers";
import {
  hubSignature,
  inboundCustomer,
  inboundEvent,
  inboundNotification,
  notificationRows,
} from "@/scripts/test/inbound-helpers";
import { testPort } from "@/scripts/test/ports";
import { type Stack, startStack } from "@/scripts/test/stack";

/**
 * PostgreSQL or Redis cut off mid-run: 503 SERVER_SERVICE_UNAVAILABLE in the envelope, then
 * recovery on its own. A stack of its own, so that the other files running meanwhile keep theirs.
 * The web process caches a key record for 1 s: "cached" means used just before the cut,
 * "uncached" a key the process has never seen, whose lookup needs PostgreSQL.
 */

let stack: Stack;
let org: TestOrg;

beforeAll(async () => {
  // ports of its own beside the suite's (TEST_ENV), so that parallel checkouts do not collide
  stack = await startStack({
    webPort: testPort("outageWeb"),
    pgProxyPort: testPort("outagePgProxy"),
    redisProxyPort: testPort("outageRedisProxy"),
    worker: false,
  });
  org = await createTestOrg();
}, 120_000);

afterAll(async () => {
  stack?.pgProxy.restore();
  stack?.redisProxy.restore();
  await stack?.stop();
});

const list = (key: string) => apiAt(stack.baseUrl, "/v1/contacts", { key });
const create = (key: string) =>
  apiAt(stack.baseUrl, "/v1/contacts", { method: "POST", key, body: { phone: "+14155550123" } });

async function expectRecovered(key: string): Promise<void> {
  const res = await pollUntil(
    () => list(key),
    (r) => r.status === 200,
    hangLimit(),
    250,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success).toBe(true);
}

function expectUnavailable(res: Awaited<ReturnType<typeof list>>): void {
  expectError(res, 503, "SERVER_SERVICE_UNAVAILABLE");
  expect(res.body.error).not.toHaveProperty("stack");
}

describe("PostgreSQL unreachable", () => {
  it("key cached: GET /v1/contacts → 503 in the envelope, then 200 once it is back", async () => {
    expect((await list(org.key)).status).toBe(200);
    stack.pgProxy.down();
    try {
      expectUnavailable(await list(org.key));
    } finally {
      stack.pgProxy.restore();
    }
    await expectRecovered(org.key);
  });

  it("key lookup needs PostgreSQL: a key never seen by the process → 503, not 401", async () => {
    const { key } = await createTestOrg();
    stack.pgProxy.down();
    try {
      expectUnavailable(await list(key));
      // and a missing key, which needs no database, still answers 401
      expectError(await apiAt(stack.baseUrl, "/v1/contacts"), 401, "AUTH_MISSING_KEY");
    } finally {
      stack.pgProxy.restore();
    }
    await expectRecovered(key);
  });

  it("a POST while PostgreSQL is away → 503, and the same POST succeeds after recovery", async () => {
    const { key } = await createTestOrg();
    expect((await list(key)).status).toBe(200);
    stack.pgProxy.down();
    try {
      expectUnavailable(await create(key));
    } finally {
      stack.pgProxy.restore();
    }
    await expectRecovered(key);
    expect((await create(key)).status).toBe(201);
  });

  it("stays answering 503 during a longer outage (no hang, no 500)", async () => {
    const { key } = await createTestOrg();
    stack.pgProxy.down();
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        answers.push(await list(i === 0 ? key : org.key));
        // the scenario, not a wait: the outage outlasts the process's 1 s key cache, so the later
        // calls find the cached key expired and must look it up in the absent PostgreSQL
        await new Promise((r) => setTimeout(r, 700));
      }
      for (const res of answers) expectUnavailable(res);
    } finally {
      stack.pgProxy.restore();
    }
    await expectRecovered(key);
  });
});

describe("Redis unreachable", () => {
  it("key cached: GET /v1/contacts → 503 in the envelope, then 200 once it is back", async () => {
    expect((await list(org.key)).status).toBe(200);
    stack.redisProxy.down();
    try {
      expectUnavailable(await list(org.key));
    } finally {
      stack.redisProxy.restore();
    }
    await expectRecovered(org.key);
  });

  it("key not cached (lookup in PostgreSQL succeeds, the rate limit cannot) → 503, then recovery", async () => {
    const { key } = await createTestOrg();
    stack.redisProxy.down();
    try {
      expectUnavailable(await list(key));
      // a failed authentication is limited per address in Redis too: 503, not a 500
      expectUnavailable(await apiAt(stack.baseUrl, "/v1/contacts"));
    } finally {
      stack.redisProxy.restore();
    }
    await expectRecovered(key);
  });

  it("both down, then both back → recovery", async () => {
    stack.pgProxy.down();
    stack.redisProxy.down();
    try {
      expectUnavailable(await list(org.key));
    } finally {
      stack.pgProxy.restore();
      stack.redisProxy.restore();
    }
    await expectRecovered(org.key);
  });
});

describe("Redis unreachable: nothing waits for it to return", () => {
  it("POST /webhooks/whatsapp stores the notification and answers 200; the sweeper queues it once Redis is back", async () => {
    const customer = await inboundCustomer();
    const { wamid, body } = inboundNotification(
      customer.channel.phoneNumberId,
      { wa_id: customer.from, profile: { name: "Outage" } },
      { from: customer.from, type: "text", text: { body: "written while Redis was away" } },
    );
    const raw = JSON.stringify(body);
    expect((await list(org.key)).status).toBe(200);
    stack.redisProxy.down();
    let res: Response;
    try {
      res = await fetch(`${stack.baseUrl}/webhooks/whatsapp`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": hubSignature(raw) },
        body: raw,
        // a failure guard, not a measurement: before the fix this waited for Redis to return
        signal: AbortSignal.timeout(15_000),
      });
    } finally {
      stack.redisProxy.restore();
    }
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("EVENT_RECEIVED");
    expect(await notificationRows(wamid)).toEqual({ stored: 1, processed: 0 });

    // the sweeper takes rows unprocessed for a minute: make this one old, then run it (the
    // suite's worker shares this Redis database and processes what it queues)
    await db().$executeRaw`UPDATE upstream_notifications SET received_at = now() - interval '2 minutes'
      WHERE payload::text LIKE ${`%${wamid}%`}`;
    await sweepUpstream();
    const event = await inboundEvent(customer.orgId, wamid);
    expect(event.whatsappMessageId).toBe(wamid);
  });

  it("a send while Redis is away answers 503 in the envelope, and succeeds once it is back", async () => {
    stack.redisProxy.down();
    try {
      const res = await apiAt(stack.baseUrl, "/v1/whatsapp/messages", {
        method: "POST",
        key: org.key,
        body: { to: "+14155550123", type: "text", text: { body: "hello" } },
      });
      expectUnavailable(res);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      stack.redisProxy.restore();
    }
    await expectRecovered(org.key);
  });
});
