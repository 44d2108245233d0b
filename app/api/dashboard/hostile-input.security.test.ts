import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createUser } from "@/lib/users/create-user";
import { TEST_ENV } from "@/scripts/test/env";
import { createTestOrg, type TestOrg } from "@/scripts/test/helpers";
import { rawRequest, streamBody } from "@/scripts/test/raw-http";

const MiB = 1024 * 1024;
const ORIGIN = `http://127.0.0.1:${TEST_ENV.webPort}`;

let org: TestOrg;
let cookie: string;

/** A manager's session cookie, signed as next-auth signs it (the JWT names user, org and role). */
beforeAll(async () => {
  org = await createTestOrg();
  const user = await createUser({
    organizationId: org.orgId,
    email: `m-${randomUUID().slice(0, 8)}@example.com`,
    password: randomUUID(),
    role: "admin",
  });
  const token = await encode({
    token: { sub: user.id, email: user.email, organizationId: org.orgId, role: user.role },
    secret: TEST_ENV.authSecret,
  });
  cookie = `next-auth.session-token=${token}`;
});

function dashboardPost(path: string, body: string) {
  return rawRequest({
    method: "POST",
    path,
    body,
    headers: { cookie, origin: ORIGIN, "sec-fetch-site": "same-origin", "content-type": "application/json" },
  });
}

describe("dashboard JSON routes read bodies through the bounded reader", () => {
  it("the session works: a valid contact is created (201 or 200)", async () => {
    const res = await dashboardPost("/api/dashboard/contacts", JSON.stringify({ phone: "+14155550190" }));
    expect(res.status, res.text).toBeLessThan(300);
  });

  it("NUL or a lone surrogate in a body → 400 VALIDATION_INVALID_FIELD (it was a 500), nothing stored", async () => {
    for (const name of ["Nul\\u0000", "half\\ud800"]) {
      const res = await dashboardPost("/api/dashboard/contacts", `{"phone":"+14155550191","name":"${name}"}`);
      expect({
        status: res.status,
        code: res.body?.error?.code,
        field: res.body?.error?.details?.field,
      }).toEqual({
        status: 400,
        code: "VALIDATION_INVALID_FIELD",
        field: "name",
      });
    }
    expect(await db().contact.count({ where: { organizationId: org.orgId, phone: "+14155550191" } })).toBe(0);
  });

  it("JSON nested 20,000 deep → 400 VALIDATION_ERROR", async () => {
    const res = await dashboardPost("/api/dashboard/contacts", `${"[".repeat(20_000)}${"]".repeat(20_000)}`);
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({
      status: 400,
      code: "VALIDATION_ERROR",
    });
  });

  it("over 1 MiB on a JSON route → 413 PAYLOAD_TOO_LARGE, the connection closed", async () => {
    const res = await streamBody("/api/dashboard/contacts", {
      chunked: false,
      announce: 300 * MiB,
      sendBytes: 0,
      headers: {
        cookie,
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
      },
    });
    expect(res.status, res.answer.slice(0, 300)).toBe(413);
    expect(res.body.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { limit_bytes: MiB } });
  });

  it("the CSV import takes a batch over 1 MiB (its limit is 8 MiB) and refuses one over 8 MiB", async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({
      row: i + 1,
      values: { phone: `+1415555${String(1000 + i).padStart(4, "0")}`, name: "n".repeat(3000) },
    }));
    const big = JSON.stringify({ rows });
    expect(big.length).toBeGreaterThan(MiB);
    const ok = await dashboardPost("/api/dashboard/contacts/import", big);
    expect(ok.status, ok.text.slice(0, 300)).toBe(200);

    const res = await streamBody("/api/dashboard/contacts/import", {
      chunked: true,
      sendBytes: 8 * MiB + 1,
      headers: {
        cookie,
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
      },
    });
    expect(res.status, res.answer.slice(0, 300)).toBe(413);
    expect(res.body.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { limit_bytes: 8 * MiB } });
  });

  it("the sign-in endpoint (next-auth) reads at most 64 KiB: Content-Length 300 MB → 413, connection closed", async () => {
    const res = await streamBody("/api/auth/callback/credentials", {
      chunked: false,
      announce: 300 * MiB,
      sendBytes: 0,
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status, res.answer.slice(0, 300)).toBe(413);
    expect(res.body.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { limit_bytes: 64 * 1024 } });
  });

  it("NUL in a query value → 400, in a path id → 404 (envelope, not a 500)", async () => {
    const headers = { cookie, origin: ORIGIN, "sec-fetch-site": "same-origin" };
    const query = await rawRequest({ method: "GET", path: "/api/dashboard/contacts?search=a%00b", headers });
    expect({
      status: query.status,
      code: query.body?.error?.code,
      field: query.body?.error?.details?.field,
    }).toEqual({
      status: 400,
      code: "VALIDATION_INVALID_FIELD",
      field: "search",
    });
    const id = await rawRequest({ method: "DELETE", path: "/api/dashboard/contacts/%00", headers });
    expect({ status: id.status, code: id.body?.error?.code }).toEqual({
      status: 404,
      code: "RESOURCE_NOT_FOUND",
    });
    const malformed = await rawRequest({ method: "GET", path: "/api/dashboard/contacts/%zz", headers });
    expect({ status: malformed.status, code: malformed.body?.error?.code }).toEqual({
      status: 404,
      code: "RESOURCE_NOT_FOUND",
    });
  });
});

describe("a method a dashboard route does not serve", () => {
  const sameOrigin = { origin: ORIGIN, "sec-fetch-site": "same-origin", "content-type": "application/json" };

  it("signed in → 405 METHOD_NOT_ALLOWED in the envelope, with Allow naming the route's methods", async () => {
    const cases = [
      { method: "GET", path: `/api/dashboard/webhooks/${randomUUID()}`, allow: "PATCH, DELETE" },
      { method: "POST", path: `/api/dashboard/flows/${randomUUID()}/health`, allow: "GET" },
      { method: "DELETE", path: "/api/dashboard/contacts", allow: "GET, POST" },
      { method: "PUT", path: "/api/dashboard/keys", allow: "GET, POST" },
    ];
    for (const c of cases) {
      const res = await rawRequest({
        method: c.method,
        path: c.path,
        body: "{}",
        headers: { cookie, ...sameOrigin },
      });
      expect(
        {
          status: res.status,
          code: res.body?.error?.code,
          allow: res.headers.allow,
          type: res.headers["content-type"],
        },
        `${c.method} ${c.path}`,
      ).toEqual({
        status: 405,
        code: "METHOD_NOT_ALLOWED",
        allow: c.allow,
        type: "application/json; charset=utf-8",
      });
      expect(res.body.error.message).toContain(c.method);
    }
  });

  it("signed out → 401, a cross-site write → 403: the method tells a stranger nothing", async () => {
    const path = `/api/dashboard/flows/${randomUUID()}/health`;
    const signedOut = await rawRequest({ method: "POST", path, body: "{}", headers: sameOrigin });
    expect({ status: signedOut.status, code: signedOut.body?.error?.code }).toEqual({
      status: 401,
      code: "AUTH_SESSION_REQUIRED",
    });
    const crossSite = await rawRequest({
      method: "POST",
      path,
      body: "{}",
      headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect({ status: crossSite.status, code: crossSite.body?.error?.code }).toEqual({
      status: 403,
      code: "AUTH_CSRF_REJECTED",
    });
  });
});
