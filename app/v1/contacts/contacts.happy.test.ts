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

describe("POST /v1/contacts: the phone table, accepted rows", () => {
  it("keeps a number given with + and adds + to one given without", async () => {
    const { key, orgId } = await createTestOrg();
    const withPlus = randomPhone();
    const withoutPlus = randomPhone();
    const a = await api("/v1/contacts", { method: "POST", key, body: { phone: withPlus } });
    const b = await api("/v1/contacts", { method: "POST", key, body: { phone: withoutPlus.slice(1) } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.phone).toBe(withPlus);
    expect(b.body.data.phone).toBe(withoutPlus);
    const rows = await db().contact.findMany({ where: { organizationId: orgId }, select: { phone: true } });
    expect(rows.map((r) => r.phone).sort()).toEqual([withPlus, withoutPlus].sort());
  });

  it("accepts a number of another country (+49) and answers the full contact shape", async () => {
    const { key } = await createTestOrg();
    const res = await api("/v1/contacts", { method: "POST", key, body: { phone: "4915123456789" } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(
      // bsuid, username, blocked and marketing_opt_out(_at, _source): additive fields (usernames,
      // blocking, opt-out and how it came), first_referral and latest_referral (ad referrals),
      // call_permission (calls)
      [
        "blocked",
        "call_permission",
        "first_referral",
        "latest_referral",
        "bsuid",
        "created_at",
        "custom_fields",
        "email",
        "id",
        "marketing_opt_out",
        "marketing_opt_out_at",
        "marketing_opt_out_source",
        "name",
        "phone",
        "tags",
        "updated_at",
        "username",
      ].sort(),
    );
    expect(res.body.data).toMatchObject({
      phone: "+4915123456789",
      name: null,
      email: null,
      tags: [],
      custom_fields: {},
      marketing_opt_out: false,
      marketing_opt_out_at: null,
      marketing_opt_out_source: null,
      first_referral: null,
      latest_referral: null,
      call_permission: null,
    });
  });
});

describe("POST /v1/contacts: tags, events, limits", () => {
  it("creates tags organization-wide on first use and reuses them", async () => {
    const { key, orgId } = await createTestOrg();
    const first = await api("/v1/contacts", {
      method: "POST",
      key,
      body: { phone: randomPhone(), tags: ["lead", "vip"] },
    });
    const second = await api("/v1/contacts", {
      method: "POST",
      key,
      body: { phone: randomPhone(), tags: ["vip", "churned"] },
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.tags).toEqual(["churned", "vip"]);
    const tags = await db().tag.findMany({ where: { organizationId: orgId }, include: { contacts: true } });
    expect(tags.map((t) => t.name).sort()).toEqual(["churned", "lead", "vip"]);
    const vip = tags.find((t) => t.name === "vip");
    expect(vip?.contacts.map((c) => c.contactId).sort()).toEqual(
      [first.body.data.id, second.body.data.id].sort(),
    );
    // another organization's "vip" is its own row
    const other = await createTestOrg();
    await api("/v1/contacts", {
      method: "POST",
      key: other.key,
      body: { phone: randomPhone(), tags: ["vip"] },
    });
    const otherTags = await db().tag.findMany({ where: { organizationId: other.orgId } });
    expect(otherTags).toHaveLength(1);
    expect(otherTags[0]?.id).not.toBe(vip?.id);
  });

  it("writes one contact.created Event row with the contract's data", async () => {
    const { key, orgId } = await createTestOrg();
    const phone = randomPhone();
    const res = await api("/v1/contacts", { method: "POST", key, body: { phone, name: "Grace Hopper" } });
    expect(res.status).toBe(201);
    const events = await db().event.findMany({ where: { organizationId: orgId } });
    expect(events.map((e) => e.name)).toEqual(["contact.created"]);
    const data = events[0]?.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual([
      "bsuid",
      "channelId",
      "contactId",
      "email",
      "name",
      "phone",
      "timestamp",
      "username",
    ]);
    expect(data).toMatchObject({
      contactId: res.body.data.id,
      phone,
      name: "Grace Hopper",
      email: null,
      channelId: null,
      bsuid: null,
      username: null,
    });
    expect(new Date(String(data.timestamp)).toISOString()).toBe(data.timestamp);
  });

  it("accepts exactly the count limits of design.md", async () => {
    const { key } = await createTestOrg();
    const tags = Array.from({ length: 50 }, (_, i) => `t${i}-${"x".repeat(60)}`.slice(0, 64));
    const customFields = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [
        `${String(i).padStart(2, "0")}${"k".repeat(62)}`,
        "v".repeat(1024),
      ]),
    );
    const res = await api("/v1/contacts", {
      method: "POST",
      key,
      body: { phone: randomPhone(), tags, custom_fields: customFields },
    });
    expect(res.status, JSON.stringify(res.body?.error)).toBe(201);
    expect(res.body.data.tags).toHaveLength(50);
    expect(Object.keys(res.body.data.custom_fields)).toHaveLength(50);
  });

  it("ignores unknown fields and keeps primitive custom field values as given", async () => {
    const { key, orgId } = await createTestOrg();
    const res = await api("/v1/contacts", {
      method: "POST",
      key,
      body: {
        phone: randomPhone(),
        organization_id: "00000000-0000-0000-0000-000000000000",
        id: "00000000-0000-0000-0000-000000000000",
        nested: { anything: [1, 2] },
        custom_fields: { score: 4.5, active: true, note: "" },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.id).not.toBe("00000000-0000-0000-0000-000000000000");
    expect(res.body.data).not.toHaveProperty("nested");
    expect(res.body.data.custom_fields).toEqual({ score: 4.5, active: true, note: "" });
    expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(1);
  });
});
