import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { created } from "@/lib/api/envelope";
import { ApiError, UnderWayError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/route";
import { db, disconnectDb } from "@/lib/db";
import { createApiKey } from "@/lib/keys/create-api-key";
import { createOrganization } from "@/lib/organizations/create-organization";
import { redis } from "@/lib/redis";

/**
 * The wrapper with handlers that fail the way real code can (against the real test database
 * and Redis): what the client sees of an unexpected error, of a dependency error, and of a
 * request that arrives while another with the same Idempotency-Key is still running.
 */

let orgId: string;
let key: string;

beforeAll(async () => {
  const org = await createOrganization({ name: `route-unit ${randomUUID().slice(0, 8)}` });
  orgId = org.id;
  ({ key } = await createApiKey({
    organizationId: orgId,
    name: "unit",
    kind: "sk",
    scopes: ["contacts:write"],
    perMinuteLimit: 1_000,
    perDayLimit: 100_000,
  }));
});

afterAll(async () => {
  await disconnectDb();
  await redis().quit();
});

function request(init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return new Request("http://127.0.0.1/v1/unit-test", {
    method: init.method ?? "POST",
    headers: { authorization: `Bearer ${key}`, "x-forwarded-for": "10.9.9.9", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function read(res: Response) {
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("apiRoute: errors a handler throws", () => {
  it("an unexpected error → 500 SERVER_INTERNAL_ERROR without its message, stack or SQL", async () => {
    const route = apiRoute({ scope: "contacts:write" }, async () => {
      const error = new Error('relation "secret_table" does not exist at /srv/app/lib/x.ts:12:3');
      error.stack = `${error.message}\n    at handler (/srv/app/lib/x.ts:12:3)`;
      throw error;
    });
    const res = await read(await route(request({ body: {} })));
    expect(res.status).toBe(500);
    const body = JSON.parse(res.text);
    expect(body.success).toBe(false);
    expect(body.error.code).toBe("SERVER_INTERNAL_ERROR");
    expect(Object.keys(body.error).sort()).toEqual(["code", "message"]);
    expect(res.text).not.toMatch(/secret_table|\/srv\/app|x\.ts|\bat handler/);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(body.error.message).toContain(res.headers.get("x-request-id"));
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
  });

  it("a connection error anywhere in the cause chain → 503 SERVER_SERVICE_UNAVAILABLE with Retry-After", async () => {
    const route = apiRoute({ scope: "contacts:write" }, async () => {
      throw new Error("query failed", {
        cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }),
      });
    });
    const res = await read(await route(request({ body: {} })));
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text).error.code).toBe("SERVER_SERVICE_UNAVAILABLE");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(res.text).not.toMatch(/ECONNREFUSED|query failed/);
  });

  it("a 500 releases the Idempotency-Key, so a retry runs the handler again", async () => {
    let calls = 0;
    const route = apiRoute({ scope: "contacts:write" }, async () => {
      calls++;
      if (calls === 1) throw new Error("transient");
      return created({ attempt: calls });
    });
    const ik = randomUUID();
    const first = await route(request({ body: { a: 1 }, headers: { "idempotency-key": ik } }));
    expect(first.status).toBe(500);
    expect(await db().idempotencyKey.count({ where: { organizationId: orgId, key: ik } })).toBe(0);
    const retry = await route(request({ body: { a: 1 }, headers: { "idempotency-key": ik } }));
    expect(retry.status).toBe(201);
    expect(JSON.parse(await retry.text()).data).toEqual({ attempt: 2 });
  });
});

describe("apiRoute: X-Should-Retry on every 5xx and 429", () => {
  it("true for a send that sent nothing, false for one under way and for WhatsApp's refusal; absent on a 4xx", async () => {
    const answers: [ApiError, string | null][] = [
      [new ApiError("SERVER_SERVICE_UNAVAILABLE", "nothing was sent", { messageId: "m1" }), "true"],
      [new UnderWayError("SERVER_SERVICE_UNAVAILABLE", "under way", { messageId: "m2" }), "false"],
      [new ApiError("WHATSAPP_SEND_FAILED", "refused", { messageId: "m3" }), "false"],
      [new ApiError("RATE_LIMIT_EXCEEDED", "slow down"), "true"],
      [new ApiError("VALIDATION_ERROR", "bad"), null],
    ];
    for (const [error, said] of answers) {
      const route = apiRoute({ scope: "contacts:write" }, async () => {
        throw error;
      });
      const res = await route(request({ body: {} }));
      expect(res.headers.get("x-should-retry"), error.message).toBe(said);
    }
  });
});

describe("apiRoute: Idempotency-Key while the first request is still running", () => {
  it("a second request with the same key → 409 IDEMPOTENCY_KEY_IN_USE; after it ends, a replay", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const route = apiRoute(
      { scope: "contacts:write", body: z.object({ n: z.number() }) },
      async ({ body }) => {
        calls++;
        await gate;
        return created({ n: body.n, call: calls });
      },
    );
    const ik = randomUUID();
    const send = () => route(request({ body: { n: 7 }, headers: { "idempotency-key": ik } }));

    const first = send();
    const deadline = Date.now() + 5_000;
    while (calls === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(1);

    const second = await read(await send());
    expect(second.status).toBe(409);
    expect(JSON.parse(second.text).error.code).toBe("IDEMPOTENCY_KEY_IN_USE");
    expect(second.headers.get("retry-after")).toBe("1");

    release();
    const done = await first;
    expect(done.status).toBe(201);
    const replay = await send();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(JSON.parse(await replay.text()).data).toEqual({ n: 7, call: 1 });
    expect(calls).toBe(1);
  });
});
