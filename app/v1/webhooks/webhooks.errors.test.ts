import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestOrg, expectError } from "@/scripts/test/helpers";

const URL_OK = "http://127.0.0.1:9/hooks";

async function create(key: string, body: unknown) {
  return api("/v1/webhooks", { method: "POST", key, body });
}

describe("POST /v1/webhooks: validation", () => {
  it("url and events are required → VALIDATION_MISSING_FIELD with details.field", async () => {
    const { key } = await createTestOrg();
    const noUrl = await create(key, { events: ["contact.created"] });
    expectError(noUrl, 400, "VALIDATION_MISSING_FIELD");
    expect(noUrl.body.error.details.field).toBe("url");
    const noEvents = await create(key, { url: URL_OK });
    expectError(noEvents, 400, "VALIDATION_MISSING_FIELD");
    expect(noEvents.body.error.details.field).toBe("events");
  });

  it("events must be a non-empty list of known names", async () => {
    const { key } = await createTestOrg();
    const empty = await create(key, { url: URL_OK, events: [] });
    expectError(empty, 400, "VALIDATION_INVALID_FIELD");
    expect(empty.body.error.details.field).toBe("events");
    const unknown = await create(key, { url: URL_OK, events: ["contact.created", "contact.exploded"] });
    expectError(unknown, 400, "VALIDATION_INVALID_FIELD");
    expect(unknown.body.error.details).toMatchObject({ field: "events.1" });
    expect(unknown.body.error.details.hint).toContain("contact.exploded");
  });

  it("a non-HTTPS url → VALIDATION_INVALID_FIELD on url", async () => {
    const { key } = await createTestOrg();
    for (const url of ["http://example.com/hooks", "ftp://example.com/", "example.com/hooks", "not a url"]) {
      const res = await create(key, { url, events: ["contact.created"] });
      expectError(res, 400, "VALIDATION_INVALID_FIELD");
      expect(res.body.error.details.field, url).toBe("url");
      expect(res.body.error.details.hint).toMatch(/https:\/\//);
    }
  });

  it("an empty secret, or a whsec_ secret without base64, is refused", async () => {
    const { key } = await createTestOrg();
    for (const secret of ["", "whsec_!!not-base64!!"]) {
      const res = await create(key, { url: URL_OK, events: ["contact.created"], secret });
      expectError(res, 400, "VALIDATION_INVALID_FIELD");
      expect(res.body.error.details.field).toBe("secret");
    }
  });

  it("at most 20 webhooks an organization, also when created concurrently", async () => {
    const { key, orgId } = await createTestOrg();
    const results = await Promise.all(
      Array.from({ length: 24 }, () => create(key, { url: URL_OK, events: ["contact.created"] })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expectError(r, 400, "VALIDATION_INVALID_FIELD");
      expect(r.body.error.details.hint).toMatch(/at most 20 webhooks/);
    }
    expect(await db().webhook.count({ where: { organizationId: orgId } })).toBe(20);
  });
});

describe("another organization's webhook", () => {
  it("answers 404 RESOURCE_NOT_FOUND on every operation, and changes nothing", async () => {
    const owner = await createTestOrg();
    const other = await createTestOrg();
    const id = (await create(owner.key, { url: URL_OK, events: ["contact.created"] })).body.data.id;
    const calls = [
      api(`/v1/webhooks/${id}`, { key: other.key }),
      api(`/v1/webhooks/${id}`, { method: "PATCH", key: other.key, body: { name: "stolen" } }),
      api(`/v1/webhooks/${id}`, { method: "DELETE", key: other.key }),
      api(`/v1/webhooks/${id}/deliveries`, { key: other.key }),
      api(`/v1/webhooks/${id}/deliveries/wh_1_ab/retry`, { method: "POST", key: other.key }),
      api("/v1/webhooks/wbk_000000000000000000000000", { key: owner.key }),
      api(`/v1/webhooks/${id}/deliveries/wh_1_ab/retry`, { method: "POST", key: owner.key }),
    ];
    for (const res of await Promise.all(calls)) expectError(res, 404, "RESOURCE_NOT_FOUND");
    const row = await db().webhook.findUniqueOrThrow({ where: { id } });
    expect(row.name).toBe("127.0.0.1:9");
    const list = await api("/v1/webhooks", { key: other.key });
    expect(list.body.data).toEqual([]);
  });
});

describe("other errors", () => {
  it("deliveries filters are validated", async () => {
    const { key } = await createTestOrg();
    const id = (await create(key, { url: URL_OK, events: ["contact.created"] })).body.data.id;
    expectError(
      await api(`/v1/webhooks/${id}/deliveries?status=lost`, { key }),
      400,
      "VALIDATION_INVALID_FIELD",
    );
    expectError(
      await api(`/v1/webhooks/${id}/deliveries?since=yesterday`, { key }),
      400,
      "VALIDATION_INVALID_FIELD",
    );
    const ok = await api(`/v1/webhooks/${id}/deliveries?status=failed&since=2020-01-01T00:00:00Z`, { key });
    expect(ok.status).toBe(200);
    expect(ok.body.meta).toEqual({ page: 1, per_page: 20, total: 0, has_more: false });
  });

  it("PATCH validates like POST; unsupported methods answer 405", async () => {
    const { key } = await createTestOrg();
    const id = (await create(key, { url: URL_OK, events: ["contact.created"] })).body.data.id;
    const bad = await api(`/v1/webhooks/${id}`, {
      method: "PATCH",
      key,
      body: { url: "http://example.com/" },
    });
    expectError(bad, 400, "VALIDATION_INVALID_FIELD");
    expect(bad.body.error.details.field).toBe("url");
    const status = await api(`/v1/webhooks/${id}`, { method: "PATCH", key, body: { status: "paused" } });
    expectError(status, 400, "VALIDATION_INVALID_FIELD");
    expectError(await api(`/v1/webhooks/${id}`, { method: "PUT", key, body: {} }), 405, "METHOD_NOT_ALLOWED");
    expectError(await api("/v1/webhooks", { method: "DELETE", key }), 405, "METHOD_NOT_ALLOWED");
  });

  it("a key without webhooks:manage → 403", async () => {
    const { key } = await createTestOrg({ scopes: ["contacts:read", "contacts:write"] });
    expectError(await api("/v1/webhooks", { key }), 403, "AUTH_INSUFFICIENT_SCOPE");
    const res = await create(key, { url: URL_OK, events: ["contact.created"] });
    expectError(res, 403, "AUTH_INSUFFICIENT_SCOPE");
  });
});
