import { describe, expect, it } from "vitest";
import { openSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { api, createTestOrg } from "@/scripts/test/helpers";

const SECRET = "a-long-random-secret-of-at-least-32-chars";

async function create(key: string, body: Record<string, unknown>) {
  return api("/v1/webhooks", { method: "POST", key, body });
}

describe("POST /v1/webhooks", () => {
  it("registers a webhook: 201 with the registration, never the secret, secret sealed at rest", async () => {
    const { key, orgId } = await createTestOrg();
    const res = await create(key, {
      url: "http://127.0.0.1:9/hooks",
      events: ["contact.created", "message.inbound", "contact.created"],
      secret: SECRET,
      unknown: "ignored",
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expect(data).toMatchObject({
      name: "127.0.0.1:9",
      url: "http://127.0.0.1:9/hooks",
      events: ["contact.created", "message.inbound"],
      status: "active",
      has_secret: true,
      disabled_reason: null,
    });
    expect(data.id).toMatch(/^wbk_[0-9a-f]{24}$/);
    expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(Object.keys(data)).not.toContain("secret");
    expect(res.text).not.toContain(SECRET);

    const row = await db().webhook.findUniqueOrThrow({ where: { id: data.id } });
    expect(row.organizationId).toBe(orgId);
    expect(row.secretEnc).not.toContain(SECRET);
    expect(openSecret(row.secretEnc ?? "", orgId, data.id)).toBe(SECRET);
    expect(() => openSecret(row.secretEnc ?? "", orgId, "wbk_other")).toThrow();
  });

  it("accepts a webhook without a secret (deliveries unsigned) and a given name", async () => {
    const { key } = await createTestOrg();
    const res = await create(key, { url: "http://localhost:9/x", events: ["message.read"], name: "CRM" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: "CRM", has_secret: false });
  });
});

describe("GET /v1/webhooks and /v1/webhooks/{id}", () => {
  it("lists newest first with meta, and reads one", async () => {
    const { key } = await createTestOrg();
    const ids: string[] = [];
    for (const name of ["one", "two", "three"]) {
      const r = await create(key, { url: "http://127.0.0.1:9/h", events: ["contact.created"], name });
      ids.push(r.body.data.id);
    }
    const page = await api("/v1/webhooks?per_page=2", { key });
    expect(page.status).toBe(200);
    expect(page.body.data.map((w: { name: string }) => w.name)).toEqual(["three", "two"]);
    expect(page.body.meta).toEqual({ page: 1, per_page: 2, total: 3, has_more: true });
    const one = await api(`/v1/webhooks/${ids[0]}`, { key });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: ids[0], name: "one", status: "active" });
  });
});

describe("PATCH /v1/webhooks/{id}", () => {
  it("changes what is given; an empty or absent secret keeps it, a new one replaces it, null removes it", async () => {
    const { key, orgId } = await createTestOrg();
    const created = await create(key, {
      url: "http://127.0.0.1:9/h",
      events: ["contact.created"],
      secret: SECRET,
    });
    const id: string = created.body.data.id;
    const secretOf = async () => {
      const row = await db().webhook.findUniqueOrThrow({ where: { id } });
      return row.secretEnc === null ? null : openSecret(row.secretEnc, orgId, id);
    };
    const patch = (body: unknown) => api(`/v1/webhooks/${id}`, { method: "PATCH", key, body });

    const renamed = await patch({ name: "Renamed", events: ["message.sent"], secret: "" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: "Renamed", events: ["message.sent"], has_secret: true });
    expect(await secretOf()).toBe(SECRET);
    await patch({ url: "http://localhost:9/new" });
    expect(await secretOf()).toBe(SECRET);
    expect((await patch({ secret: "replaced-secret" })).body.data.has_secret).toBe(true);
    expect(await secretOf()).toBe("replaced-secret");
    const removed = await patch({ secret: null });
    expect(removed.body.data.has_secret).toBe(false);
    expect(await secretOf()).toBeNull();
    expect(removed.body.data.url).toBe("http://localhost:9/new");
  });

  it("disables and re-enables", async () => {
    const { key } = await createTestOrg();
    const id = (await create(key, { url: "http://127.0.0.1:9/h", events: ["contact.created"] })).body.data.id;
    const off = await api(`/v1/webhooks/${id}`, { method: "PATCH", key, body: { status: "disabled" } });
    expect(off.body.data).toMatchObject({ status: "disabled", disabled_reason: "disabled through the API" });
    const on = await api(`/v1/webhooks/${id}`, { method: "PATCH", key, body: { status: "active" } });
    expect(on.body.data).toMatchObject({ status: "active", disabled_reason: null });
  });
});

describe("DELETE /v1/webhooks/{id}", () => {
  it("answers {id, deleted: true}; the webhook is gone", async () => {
    const { key } = await createTestOrg();
    const id = (await create(key, { url: "http://127.0.0.1:9/h", events: ["contact.created"] })).body.data.id;
    const res = await api(`/v1/webhooks/${id}`, { method: "DELETE", key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id, deleted: true } });
    expect((await api(`/v1/webhooks/${id}`, { key })).status).toBe(404);
  });
});
