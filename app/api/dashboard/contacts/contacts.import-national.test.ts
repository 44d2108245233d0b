import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { api, createTestOrg } from "@/scripts/test/helpers";

/** An organization (with an API key) and its owner signed in to the dashboard. */
async function ownerOfNewOrg() {
  const org = await createTestOrg();
  const staff = await createStaff("owner", org.orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error("owner could not sign in");
  return { ...org, cookie };
}

const importRows = (cookie: string, phones: string[]) =>
  dashboardCall(cookie, "/api/dashboard/contacts/import", {
    method: "POST",
    body: { rows: phones.map((phone, i) => ({ row: i + 2, values: { phone, name: `Row ${i + 2}` } })) },
  });

const storedPhones = async (organizationId: string) =>
  (await db().contact.findMany({ where: { organizationId }, select: { phone: true } }))
    .map((c) => c.phone)
    .sort();

describe("CSV import reads national phone numbers against the organization's default country", () => {
  it("a US organization imports (212) 555-0210 and 212-555-0211 as E.164; an unparseable row is still reported", async () => {
    const { orgId, cookie } = await ownerOfNewOrg();
    const res = await importRows(cookie, ["(212) 555-0210", "212-555-0211", "0612345678"]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 2, failed: 1 });
    expect((res.body.data as { rows: unknown[] }).rows[2]).toEqual({
      row: 4,
      phone: "0612345678",
      outcome: "failed",
      contactId: null,
      fields: [],
      message: expect.stringContaining("phone"),
    });
    expect(await storedPhones(orgId)).toEqual(["+12125550210", "+12125550211"]);

    // the same number in another form is the stored contact
    const again = await importRows(cookie, ["+1 212 555 0210"]);
    expect(again.body.data).toEqual({
      created: 0,
      updated: 0,
      skipped: 1,
      failed: 0,
      rows: [
        {
          row: 2,
          phone: "+12125550210",
          outcome: "skipped",
          contactId: expect.any(String),
          fields: [],
          message: "a contact with this number exists",
        },
      ],
    });
  });

  it("a GB organization imports 020 7946 0018 as +442079460018", async () => {
    const { orgId, cookie } = await ownerOfNewOrg();
    const set = await dashboardCall(cookie, "/api/dashboard/organization", {
      method: "PATCH",
      body: { default_country: "GB" },
    });
    expect(set.status).toBe(200);
    const res = await importRows(cookie, ["020 7946 0018"]);
    expect(res.body.data).toMatchObject({ created: 1, updated: 0, skipped: 0, failed: 0 });
    expect(await storedPhones(orgId)).toEqual(["+442079460018"]);
  });

  it("the /v1 API still takes E.164 only", async () => {
    const { key } = await ownerOfNewOrg();
    const res = await api("/v1/contacts", { method: "POST", key, body: { phone: "(212) 555-0210" } });
    expect(res.status).toBe(400);
  });
});
