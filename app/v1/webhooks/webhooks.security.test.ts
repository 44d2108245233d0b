import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestOrg, expectError } from "@/scripts/test/helpers";

/**
 * The SSRF table of issue 4 at registration, through the API. The stack under test runs with
 * ALLOW_LOOPBACK_URLS=true, so loopback spellings are accepted here (and normalized); they,
 * and a name resolving to a private address, are refused in lib/net/url-guard.test.ts
 * with loopback not allowed. Every private address that is not loopback is refused here.
 */
const PRIVATE = [
  "10.0.0.1",
  "172.16.0.1",
  "192.168.1.1",
  "169.254.169.254",
  "0.0.0.0",
  "0",
  "0x0a.1",
  "167772161",
  "100.64.0.1",
  "224.0.0.1",
  "[::]",
  "[::ffff:10.0.0.1]",
  "[::ffff:169.254.169.254]",
  "[fd00:ec2::254]",
  "[fe80::1]",
];

describe("POST /v1/webhooks: private addresses are refused", () => {
  for (const host of PRIVATE) {
    it(`https://${host}/ → VALIDATION_INVALID_FIELD on url with a hint`, async () => {
      const { key, orgId } = await createTestOrg();
      const res = await api("/v1/webhooks", {
        method: "POST",
        key,
        body: { url: `https://${host}/hooks`, events: ["contact.created"] },
      });
      expectError(res, 400, "VALIDATION_INVALID_FIELD");
      expect(res.body.error.details.field).toBe("url");
      expect(res.body.error.details.hint).toMatch(/must be a public address/);
      expect(await db().webhook.count({ where: { organizationId: orgId } })).toBe(0);
    });
  }

  it("PATCH to a private address is refused and keeps the old url", async () => {
    const { key } = await createTestOrg();
    const created = await api("/v1/webhooks", {
      method: "POST",
      key,
      body: { url: "http://127.0.0.1:9/h", events: ["contact.created"] },
    });
    const id = created.body.data.id;
    const res = await api(`/v1/webhooks/${id}`, {
      method: "PATCH",
      key,
      body: { url: "https://169.254.169.254/latest/meta-data" },
    });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect((await api(`/v1/webhooks/${id}`, { key })).body.data.url).toBe("http://127.0.0.1:9/h");
  });
});

describe("loopback spellings in the development stack", () => {
  it("are normalized by the URL parser before the check, and stored as the canonical address", async () => {
    const { key } = await createTestOrg();
    const cases: [string, string][] = [
      ["http://127.1:9/h", "http://127.0.0.1:9/h"],
      ["http://2130706433:9/h", "http://127.0.0.1:9/h"],
      ["http://0x7f.1:9/h", "http://127.0.0.1:9/h"],
      ["http://0177.0.0.1:9/h", "http://127.0.0.1:9/h"],
      ["http://[::ffff:127.0.0.1]:9/h", "http://[::ffff:7f00:1]:9/h"],
      ["http://[::1]:9/h", "http://[::1]:9/h"],
      ["http://localhost:9/h", "http://localhost:9/h"],
    ];
    for (const [given, stored] of cases) {
      const res = await api("/v1/webhooks", {
        method: "POST",
        key,
        body: { url: given, events: ["contact.created"] },
      });
      expect(res.status, given).toBe(201);
      expect(res.body.data.url).toBe(stored);
    }
  });
});
