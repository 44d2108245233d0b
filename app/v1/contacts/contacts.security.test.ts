import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestOrg, randomPhone } from "@/scripts/test/helpers";

/** Organization isolation: a key of organization A never reads or changes B's contacts. */

async function create(key: string, phone: string, name: string) {
  const res = await api("/v1/contacts", { method: "POST", key, body: { phone, name, tags: ["shared-tag"] } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; phone: string };
}

describe("contacts: organization isolation", () => {
  it("the same phone can exist in two organizations", async () => {
    const a = await createTestOrg();
    const b = await createTestOrg();
    const phone = randomPhone();
    const inA = await create(a.key, phone, "In A");
    const inB = await create(b.key, phone.slice(1), "In B");
    expect(inA.id).not.toBe(inB.id);
    expect(inB.phone).toBe(phone);
    const rows = await db().contact.findMany({ where: { phone } });
    expect(rows.map((r) => r.organizationId).sort()).toEqual([a.orgId, b.orgId].sort());
  });

  it("a key lists only its own organization's contacts, with its own total", async () => {
    const a = await createTestOrg();
    const b = await createTestOrg();
    await create(a.key, randomPhone(), "Alice of A");
    await create(b.key, randomPhone(), "Bob of B");
    await create(b.key, randomPhone(), "Bea of B");

    const listA = await api("/v1/contacts", { key: a.key });
    expect(listA.body.data.map((c: { name: string }) => c.name)).toEqual(["Alice of A"]);
    expect(listA.body.meta.total).toBe(1);
    const listB = await api("/v1/contacts", { key: b.key });
    expect(listB.body.data.map((c: { name: string }) => c.name).sort()).toEqual(["Bea of B", "Bob of B"]);
    expect(listB.body.meta.total).toBe(2);
  });

  it("search never finds another organization's contacts (name, phone, e-mail)", async () => {
    const a = await createTestOrg();
    const b = await createTestOrg();
    const phone = randomPhone();
    const secret = await api("/v1/contacts", {
      method: "POST",
      key: b.key,
      body: { phone, name: "Zebulon Secret", email: "zebulon@b.example" },
    });
    expect(secret.status).toBe(201);
    for (const term of ["Zebulon", phone.slice(2, 9), "zebulon@b.example"]) {
      const res = await api(`/v1/contacts?search=${encodeURIComponent(term)}`, { key: a.key });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.total).toBe(0);
    }
    const own = await api("/v1/contacts?search=Zebulon", { key: b.key });
    expect(own.body.meta.total).toBe(1);
  });

  it("a duplicate in B does not block A, and A's create touches no row of B", async () => {
    const a = await createTestOrg();
    const b = await createTestOrg();
    const phone = randomPhone();
    const inB = await create(b.key, phone, "Original B");
    await create(a.key, phone, "Copy A");
    const rowB = await db().contact.findUniqueOrThrow({ where: { id: inB.id } });
    expect(rowB.name).toBe("Original B");
    expect(await db().contact.count({ where: { organizationId: b.orgId } })).toBe(1);
    // tags are per organization, not shared by name
    const tags = await db().tag.findMany({
      where: { name: "shared-tag", organizationId: { in: [a.orgId, b.orgId] } },
    });
    expect(tags).toHaveLength(2);
    const eventsB = await db().event.count({ where: { organizationId: b.orgId } });
    expect(eventsB).toBe(1);
  });
});
