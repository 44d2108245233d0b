import { describe, expect, it } from "vitest";
import { api, createTestOrg, seedContacts } from "@/scripts/test/helpers";

/** GET /v1/contacts?search=…: name, phone and e-mail; LIKE wildcards are literal. */

async function search(key: string, term: string) {
  const res = await api(`/v1/contacts?search=${encodeURIComponent(term)}`, { key });
  expect(res.status).toBe(200);
  return {
    names: (res.body.data as { name: string }[]).map((c) => c.name).sort(),
    total: res.body.meta.total as number,
  };
}

describe("GET /v1/contacts?search", () => {
  it("matches part of a name, case-insensitively", async () => {
    const { orgId, key } = await createTestOrg();
    await seedContacts(orgId, [
      { name: "Margaret Hamilton" },
      { name: "Ada Lovelace" },
      { name: "Hamid Ali" },
    ]);
    expect(await search(key, "hamil")).toEqual({ names: ["Margaret Hamilton"], total: 1 });
    expect(await search(key, "HAMI")).toEqual({ names: ["Hamid Ali", "Margaret Hamilton"], total: 2 });
  });

  it("matches digits of a phone number, with or without +", async () => {
    const { orgId, key } = await createTestOrg();
    await seedContacts(orgId, [
      { name: "sf", phone: "+14155550123" },
      { name: "berlin", phone: "+4915123456789" },
    ]);
    expect(await search(key, "5550")).toEqual({ names: ["sf"], total: 1 });
    expect(await search(key, "+4915")).toEqual({ names: ["berlin"], total: 1 });
    expect(await search(key, "14155550123")).toEqual({ names: ["sf"], total: 1 });
  });

  it("matches an e-mail address case-insensitively", async () => {
    const { orgId, key } = await createTestOrg();
    await seedContacts(orgId, [
      { name: "a", email: "Ada.Lovelace@Example.com" },
      { name: "b", email: "bob@other.org" },
    ]);
    expect(await search(key, "ada.lovelace@example")).toEqual({ names: ["a"], total: 1 });
    expect(await search(key, "OTHER.ORG")).toEqual({ names: ["b"], total: 1 });
  });

  it("treats % and _ literally", async () => {
    const { orgId, key } = await createTestOrg();
    await seedContacts(orgId, [
      { name: "100% Cotton" },
      { name: "1000 Cotton" },
      { name: "snake_case" },
      { name: "snakeXcase" },
      { name: "back\\slash" },
    ]);
    expect(await search(key, "100%")).toEqual({ names: ["100% Cotton"], total: 1 });
    expect(await search(key, "%")).toEqual({ names: ["100% Cotton"], total: 1 });
    expect(await search(key, "snake_case")).toEqual({ names: ["snake_case"], total: 1 });
    expect(await search(key, "_")).toEqual({ names: ["snake_case"], total: 1 });
    expect(await search(key, "k\\s")).toEqual({ names: ["back\\slash"], total: 1 });
  });

  it("no match → data [] with total 0; search pages like the list", async () => {
    const { orgId, key } = await createTestOrg();
    await seedContacts(
      orgId,
      Array.from({ length: 5 }, (_, i) => ({ name: `Kim ${i}` })),
    );
    expect(await search(key, "nobody-here")).toEqual({ names: [], total: 0 });
    const res = await api("/v1/contacts?search=kim&per_page=2&page=3", { key });
    expect(res.body.meta).toEqual({ page: 3, per_page: 2, total: 5, has_more: false });
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(["Kim 0"]);
  });

  it("an empty search lists everything", async () => {
    const { orgId, key } = await createTestOrg();
    await seedContacts(orgId, [{ name: "one" }, { name: "two" }]);
    expect(await search(key, "")).toEqual({ names: ["one", "two"], total: 2 });
  });
});
