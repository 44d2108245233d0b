import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestOrg, randomPhone } from "@/scripts/test/helpers";

describe("POST /v1/contacts", () => {
  it("creates a contact with tags and custom fields, 201 in the envelope", async () => {
    const { key, orgId } = await createTestOrg();
    const phone = randomPhone();
    const res = await api("/v1/contacts", {
      method: "POST",
      key,
      body: {
        phone: phone.slice(1),
        name: "Ada Lovelace",
        email: "ada@example.com",
        tags: ["vip", "beta", "vip"],
        custom_fields: { plan: "pro", seats: 3, trial: false },
        unknown_field: "ignored",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      phone,
      name: "Ada Lovelace",
      email: "ada@example.com",
      tags: ["beta", "vip"],
      custom_fields: { plan: "pro", seats: 3, trial: false },
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(res.body.data).not.toHaveProperty("unknown_field");
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);

    const tags = await db().tag.findMany({ where: { organizationId: orgId }, orderBy: { name: "asc" } });
    expect(tags.map((t) => t.name)).toEqual(["beta", "vip"]);
    const events = await db().event.findMany({ where: { organizationId: orgId } });
    expect(events).toHaveLength(1);
    expect(events[0]?.name).toBe("contact.created");
    expect(events[0]?.data).toMatchObject({ contactId: res.body.data.id, phone, email: "ada@example.com" });
  });
});

describe("GET /v1/contacts", () => {
  it("lists newest first with meta", async () => {
    const { key } = await createTestOrg();
    for (const name of ["one", "two", "three"]) {
      const r = await api("/v1/contacts", { method: "POST", key, body: { phone: randomPhone(), name } });
      expect(r.status).toBe(201);
    }
    const res = await api("/v1/contacts?per_page=2", { key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(["three", "two"]);
    expect(res.body.meta).toEqual({ page: 1, per_page: 2, total: 3, has_more: true });
  });
});
