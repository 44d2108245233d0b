import { describe, expect, it } from "vitest";
import { api, createTestOrg, expectError, seedContacts } from "@/scripts/test/helpers";

/** GET /v1/contacts: page and per_page at their edges (contacts seeded straight into the database). */

async function orgWith(count: number) {
  const org = await createTestOrg();
  await seedContacts(
    org.orgId,
    Array.from({ length: count }, (_, i) => ({ name: `c${String(i).padStart(3, "0")}` })),
  );
  return org;
}

const names = (body: { data: { name: string }[] }) => body.data.map((c) => c.name);

describe("GET /v1/contacts pagination", () => {
  it("defaults to page 1 and per_page 20, newest first, with exact meta", async () => {
    const { key } = await orgWith(25);
    const res = await api("/v1/contacts", { key });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 25, has_more: true });
    expect(res.body.data).toHaveLength(20);
    expect(names(res.body)[0]).toBe("c024");
    expect(names(res.body)[19]).toBe("c005");
  });

  it("the last page holds the rest and has_more is false", async () => {
    const { key } = await orgWith(25);
    const res = await api("/v1/contacts?page=2", { key });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 2, per_page: 20, total: 25, has_more: false });
    expect(names(res.body)).toEqual(["c004", "c003", "c002", "c001", "c000"]);
  });

  it("pages do not overlap and together list every contact once", async () => {
    const { key } = await orgWith(7);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await api(`/v1/contacts?page=${page}&per_page=3`, { key });
      expect(res.body.meta).toEqual({ page, per_page: 3, total: 7, has_more: page < 3 });
      seen.push(...names(res.body));
    }
    expect(seen).toEqual(["c006", "c005", "c004", "c003", "c002", "c001", "c000"]);
  });

  it("exactly one full page: has_more is false", async () => {
    const { key } = await orgWith(4);
    const res = await api("/v1/contacts?per_page=4", { key });
    expect(res.body.meta).toEqual({ page: 1, per_page: 4, total: 4, has_more: false });
  });

  it("a page past the end → 200, data [], has_more false, total right", async () => {
    const { key } = await orgWith(3);
    const res = await api("/v1/contacts?page=9&per_page=2", { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [],
      meta: { page: 9, per_page: 2, total: 3, has_more: false },
    });
  });

  it("an organization without contacts → data [] and total 0", async () => {
    const { key } = await createTestOrg();
    const res = await api("/v1/contacts", { key });
    expect(res.body).toEqual({
      success: true,
      data: [],
      meta: { page: 1, per_page: 20, total: 0, has_more: false },
    });
  });

  it("per_page 100 is allowed", async () => {
    const { key } = await orgWith(101);
    const res = await api("/v1/contacts?per_page=100", { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(100);
    expect(res.body.meta).toEqual({ page: 1, per_page: 100, total: 101, has_more: true });
    const second = await api("/v1/contacts?per_page=100&page=2", { key });
    expect(names(second.body)).toEqual(["c000"]);
  });

  const invalid: [string, string][] = [
    ["per_page=0", "per_page"],
    ["per_page=101", "per_page"],
    ["per_page=-1", "per_page"],
    ["per_page=abc", "per_page"],
    ["per_page=1.5", "per_page"],
    ["per_page=1e2", "per_page"],
    ["page=0", "page"],
    ["page=x", "page"],
    ["page=-3", "page"],
    ["page=2.5", "page"],
  ];
  for (const [query, field] of invalid) {
    it(`${query} → 400 VALIDATION_INVALID_FIELD with details.field ${field}`, async () => {
      const { key } = await createTestOrg();
      const res = await api(`/v1/contacts?${query}`, { key });
      expectError(res, 400, "VALIDATION_INVALID_FIELD");
      expect(res.body.error.details.field).toBe(field);
      expect(typeof res.body.error.details.hint).toBe("string");
    });
  }

  it("two invalid parameters at once → 400 VALIDATION_ERROR naming both", async () => {
    const { key } = await createTestOrg();
    const res = await api("/v1/contacts?page=0&per_page=abc", { key });
    expectError(res, 400, "VALIDATION_ERROR");
    const fields = res.body.error.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["page", "per_page"]);
  });

  it("unknown query parameters are ignored", async () => {
    const { key } = await orgWith(2);
    const res = await api("/v1/contacts?tag=vip&sort=asc", { key });
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(2);
  });
});
