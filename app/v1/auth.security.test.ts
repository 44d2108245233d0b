import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isApiError } from "@/lib/api/errors";
import { createApiKey } from "@/lib/keys/create-api-key";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import {
  ALL_SCOPES,
  addKey,
  api,
  createTestOrg,
  expectError,
  expectRateLimitHeaders,
  pollUntil,
  randomIp,
} from "@/scripts/test/helpers";
import { type TestRoute, V1_ROUTES } from "@/scripts/test/routes";

/**
 * The shared auth suite: every /v1 route of scripts/test/routes.ts, the same checks.
 *
 * Why it is slow (73 s in CI; 109 s in a run of `npm test` on a 2-core machine, 2026-12-01, before a
 * revoked key stopped waiting out the key cache on every route): every route (over 60) times every
 * kind of bad or foreign key, each a real request through the stack; a route added is covered
 * without a line written for it.
 */

function call(route: TestRoute, headers: Record<string, string>, ip?: string) {
  return api(route.path, { method: route.method, body: route.body, headers, ip });
}

function bearer(key: string) {
  return { authorization: `Bearer ${key}` };
}

const wellFormedTail = () => randomBytes(32).toString("base64url");

function expectNotAuthError(res: { status: number; body: { error?: { code?: string } } }) {
  expect(res.status, JSON.stringify(res.body)).not.toBe(401);
  expect(res.status, JSON.stringify(res.body)).not.toBe(403);
  expect(res.body?.error?.code ?? "").not.toMatch(/^AUTH_/);
}

for (const route of V1_ROUTES) {
  describe(`auth: ${route.method} ${route.path} (${route.scope})`, () => {
    it("no key → 401 AUTH_MISSING_KEY with request id and rate-limit headers", async () => {
      const res = await call(route, {});
      expectError(res, 401, "AUTH_MISSING_KEY");
      expectRateLimitHeaders(res);
      const blank = await call(route, { authorization: "   ", "x-api-key": "" });
      expectError(blank, 401, "AUTH_MISSING_KEY");
    });

    it("malformed, wrong-prefix and unknown keys → 401 AUTH_INVALID_KEY", async () => {
      const presented = [
        bearer("not-a-key"),
        bearer(`service_sk_${wellFormedTail()}extra`),
        { authorization: `Basic ${Buffer.from("user:pass").toString("base64")}` },
        bearer(`service_xx_${wellFormedTail()}`),
        { "x-api-key": `service_xx_${wellFormedTail()}` },
        bearer(`service_sk_${wellFormedTail()}`),
        bearer(`service_pk_${wellFormedTail()}`),
        { "x-api-key": `service_sk_${wellFormedTail()}` },
      ];
      for (const headers of presented) {
        const res = await call(route, headers);
        expectError(res, 401, "AUTH_INVALID_KEY");
        expectRateLimitHeaders(res);
      }
    });

    it("accepts the key as Authorization: Bearer and as X-API-Key", async () => {
      const a = await createTestOrg();
      expectNotAuthError(await call(route, bearer(a.key)));
      const b = await createTestOrg();
      const viaHeader = await call(route, { "x-api-key": b.key });
      expectNotAuthError(viaHeader);
      expectRateLimitHeaders(viaHeader);
    });

    // a key revoked while in use: once per method below ("auth: keys"), not once per route, where
    // the key cache's second was a wait of about a second per route, most of this file's length
    it("a revoked key → 401 AUTH_KEY_REVOKED", async () => {
      const { orgId, key, keyId } = await createTestOrg();
      await revokeApiKey(orgId, keyId);
      const res = await call(route, bearer(key));
      expectError(res, 401, "AUTH_KEY_REVOKED");
      expectRateLimitHeaders(res);
    });

    it("an expired key → 401 AUTH_KEY_EXPIRED", async () => {
      const { key } = await createTestOrg({ expiresAt: new Date(Date.now() - 1_000) });
      const res = await call(route, bearer(key));
      expectError(res, 401, "AUTH_KEY_EXPIRED");
      expectRateLimitHeaders(res);
    });

    it("a key without the scope → 403 AUTH_INSUFFICIENT_SCOPE", async () => {
      const { key } = await createTestOrg({ scopes: ALL_SCOPES.filter((s) => s !== route.scope) });
      const res = await call(route, bearer(key));
      expectError(res, 403, "AUTH_INSUFFICIENT_SCOPE");
    });

    it("the 403 answer carries the rate-limit headers too", async () => {
      const { key } = await createTestOrg({ scopes: ALL_SCOPES.filter((s) => s !== route.scope) });
      const res = await call(route, bearer(key));
      expect(res.status).toBe(403);
      expectRateLimitHeaders(res);
    });
  });
}

describe("auth: keys", () => {
  // one route of each method: every route authenticates through the same wrapper (lib/api/route.ts)
  const firstOfEachMethod = V1_ROUTES.filter(
    (r, i) => V1_ROUTES.findIndex((o) => o.method === r.method) === i,
  );
  for (const route of firstOfEachMethod) {
    it(`a key revoked while in use stops working within the key cache's second (${route.method} ${route.path})`, async () => {
      const { orgId, key, keyId } = await createTestOrg();
      expectNotAuthError(await call(route, bearer(key)));
      await revokeApiKey(orgId, keyId);
      // the process caches a key record for 1 s; the bound only guards against a hang
      const res = await pollUntil(
        () => call(route, bearer(key)),
        (r) => r.status === 401,
      );
      expectError(res, 401, "AUTH_KEY_REVOKED");
      expectRateLimitHeaders(res);
    });
  }

  it("a key that expires while in use stops working at its expiry, despite the key cache", async () => {
    const { key } = await createTestOrg({ expiresAt: new Date(Date.now() + 2_500) });
    expect((await api("/v1/contacts", { key })).status).toBe(200);
    const res = await pollUntil(
      () => api("/v1/contacts", { key }),
      (r) => r.status === 401,
    );
    expectError(res, 401, "AUTH_KEY_EXPIRED");
  });

  it("a service_pk_ key cannot be created with a write scope (VALIDATION_INVALID_FIELD)", async () => {
    const { orgId } = await createTestOrg();
    for (const scope of ["contacts:write", "whatsapp:send", "webhooks:manage"] as const) {
      const error = await createApiKey({
        organizationId: orgId,
        name: "pk",
        kind: "pk",
        scopes: ["contacts:read", scope],
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isApiError(error) && error.code).toBe("VALIDATION_INVALID_FIELD");
    }
  });

  it("a service_pk_ key with read scopes reads, and is refused writes with 403", async () => {
    const { orgId } = await createTestOrg();
    const { key } = await addKey(orgId, { kind: "pk", scopes: ["contacts:read", "whatsapp:templates"] });
    expect(key.startsWith("service_pk_")).toBe(true);
    expect((await api("/v1/contacts", { key })).status).toBe(200);
    const write = await api("/v1/contacts", { method: "POST", key, body: { phone: "+14155550123" } });
    expectError(write, 403, "AUTH_INSUFFICIENT_SCOPE");
  });

  it("the 31st failed authentication from one address within a minute → 429 RATE_LIMIT_EXCEEDED", async () => {
    const ip = randomIp();
    const bad = { authorization: `Bearer service_sk_${wellFormedTail()}` };
    const first = await Promise.all(
      Array.from({ length: 30 }, () => api("/v1/contacts", { headers: bad, ip })),
    );
    expect(first.map((r) => r.body?.error?.code)).toEqual(Array(30).fill("AUTH_INVALID_KEY"));
    const limited = await api("/v1/contacts", { headers: bad, ip });
    expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
    expect(limited.body.error).not.toHaveProperty("details");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expectRateLimitHeaders(limited);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    // another address is not affected
    expectError(await api("/v1/contacts", { headers: bad }), 401, "AUTH_INVALID_KEY");
  });
});
