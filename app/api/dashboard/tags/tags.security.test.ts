/**
 * The tag input's autocomplete (GET /api/dashboard/tags) reads through the contacts repository:
 * an organization sees its own tags and never another's, whatever the prefix.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { api, createTestOrg, randomPhone } from "@/scripts/test/helpers";

describe("GET /api/dashboard/tags", () => {
  it("answers the organization's tags by prefix, none of another organization's", async () => {
    const a = await createTestOrg();
    const b = await createTestOrg();
    const prefix = `t${randomUUID().slice(0, 6)}`;
    const made = await api("/v1/contacts", {
      method: "POST",
      key: a.key,
      body: { phone: randomPhone(), tags: [`${prefix}-a1`, `${prefix}-a2`] },
    });
    expect(made.status, made.text).toBe(201);
    const other = await api("/v1/contacts", {
      method: "POST",
      key: b.key,
      body: { phone: randomPhone(), tags: [`${prefix}-b1`] },
    });
    expect(other.status, other.text).toBe(201);

    const tagsOf = async (orgId: string) => {
      const staff = await createStaff("agent", orgId);
      const { cookie } = await signInWithPassword(staff.email, staff.password);
      if (!cookie) throw new Error("not signed in");
      const res = await dashboardCall(cookie, `/api/dashboard/tags?q=${prefix}`);
      expect(res.status).toBe(200);
      return (res.body.data as { tags: string[] }).tags;
    };
    expect(await tagsOf(a.orgId)).toEqual([`${prefix}-a1`, `${prefix}-a2`]);
    expect(await tagsOf(b.orgId)).toEqual([`${prefix}-b1`]);
  });
});
