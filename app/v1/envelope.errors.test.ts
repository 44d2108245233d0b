import { describe, expect, it } from "vitest";
import { api, createTestOrg, expectError, expectRateLimitHeaders } from "@/scripts/test/helpers";

/** The envelope also for paths and methods that do not exist, and the request id. */

describe("unknown /v1 paths", () => {
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
    it(`${method} /v1/no-such-thing → 404 RESOURCE_NOT_FOUND with and without a key`, async () => {
      const { key } = await createTestOrg();
      const withKey = await api("/v1/no-such-thing", { method, key });
      expectError(withKey, 404, "RESOURCE_NOT_FOUND");
      const withoutKey = await api("/v1/no-such-thing", { method });
      expectError(withoutKey, 404, "RESOURCE_NOT_FOUND");
    });
  }

  it("nested unknown paths and the contact-by-id paths the contract leaves to the dashboard → 404", async () => {
    const { key } = await createTestOrg();
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, path] of [
      ["GET", "/v1/a/b/c"],
      ["PATCH", `/v1/contacts/${id}`],
      ["DELETE", `/v1/contacts/${id}`],
      ["GET", `/v1/contacts/${id}`],
    ] as const) {
      const res = await api(path, { method, key });
      expectError(res, 404, "RESOURCE_NOT_FOUND");
    }
  });

  it("a 404 with a valid key counts against the key's limit and carries its headers", async () => {
    const { key } = await createTestOrg({ perMinute: 3 });
    const res = await api("/v1/no-such-thing", { key });
    expectError(res, 404, "RESOURCE_NOT_FOUND");
    expectRateLimitHeaders(res);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("2");
  });

  it("a 404 without a key carries the address's rate-limit headers", async () => {
    const res = await api("/v1/no-such-thing");
    expect(res.status).toBe(404);
    expectRateLimitHeaders(res);
  });
});

describe("wrong methods on /v1/contacts", () => {
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    it(`${method} /v1/contacts → 405 METHOD_NOT_ALLOWED with Allow: GET, POST`, async () => {
      const { key } = await createTestOrg();
      const res = await api("/v1/contacts", { method, key, body: { phone: "+14155550123" } });
      expectError(res, 405, "METHOD_NOT_ALLOWED");
      expect(res.headers.get("allow")).toBe("GET, POST");
      const noKey = await api("/v1/contacts", { method });
      expectError(noKey, 405, "METHOD_NOT_ALLOWED");
      expect(noKey.headers.get("allow")).toBe("GET, POST");
    });
  }

  it("a 405 carries the rate-limit headers like every other answer", async () => {
    const { key } = await createTestOrg();
    const res = await api("/v1/contacts", { method: "DELETE", key });
    expect(res.status).toBe(405);
    expectRateLimitHeaders(res);
  });
});

describe("request id", () => {
  it("every answer has an X-Request-Id, and a well-formed one sent by the client is echoed", async () => {
    const { key } = await createTestOrg();
    const mine = `client-${Date.now()}-abc`;
    const echoed = await api("/v1/contacts", { key, headers: { "x-request-id": mine } });
    expect(echoed.headers.get("x-request-id")).toBe(mine);
    const bad = await api("/v1/contacts", { key, headers: { "x-request-id": "bad id with spaces" } });
    expect(bad.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{24}$/);
    const ids = new Set<string | null>();
    for (let i = 0; i < 3; i++) ids.add((await api("/v1/contacts", { key })).headers.get("x-request-id"));
    expect(ids.size).toBe(3);
  });

  it("success answers are the envelope with JSON content type", async () => {
    const { key } = await createTestOrg();
    const res = await api("/v1/contacts", { key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(["data", "meta", "success"]);
    expect(res.body.success).toBe(true);
  });
});
