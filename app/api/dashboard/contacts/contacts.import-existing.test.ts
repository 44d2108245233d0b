/**
 * The CSV import's choice for contacts that already exist (skip, add tags, fill empty fields,
 * overwrite), its per-row report, the history and events an update leaves, consent kept, the
 * organization's own contacts only, and who may update.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { type AnyJson, createTestOrg } from "@/scripts/test/helpers";
import { randomPhone } from "@/scripts/test/random-data";

async function signedIn(role: "owner" | "admin" | "agent", orgId: string): Promise<string> {
  const staff = await createStaff(role, orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error(`the ${role} could not sign in`);
  return cookie;
}

async function ownerOfNewOrg() {
  const { orgId } = await createTestOrg();
  return { orgId, cookie: await signedIn("owner", orgId) };
}

type Values = Record<string, string>;
const importRows = (cookie: string, existing: string | undefined, rows: Values[]) =>
  dashboardCall(cookie, "/api/dashboard/contacts/import", {
    method: "POST",
    body: { ...(existing ? { existing } : {}), rows: rows.map((values, i) => ({ row: i + 1, values })) },
  });

/** A stored contact as it was before the import: Ada with a name, a tag and a custom field. */
async function storedAda(orgId: string, extra: Record<string, unknown> = {}) {
  const phone = randomPhone();
  const tag = await db().tag.upsert({
    where: { organizationId_name: { organizationId: orgId, name: "old" } },
    create: { organizationId: orgId, name: "old" },
    update: {},
  });
  const contact = await db().contact.create({
    data: {
      organizationId: orgId,
      phone,
      name: "Ada",
      email: null,
      customFields: { plan: "free" },
      tags: { create: [{ tagId: tag.id }] },
      ...extra,
    },
  });
  return contact;
}

const contactOf = (id: string) =>
  db().contact.findUniqueOrThrow({ where: { id }, include: { tags: { include: { tag: true } } } });
const tagsOf = (c: { tags: { tag: { name: string } }[] }) => c.tags.map((t) => t.tag.name).sort();
const updatedEvents = async (orgId: string) =>
  (await db().event.findMany({ where: { organizationId: orgId, name: "contact.updated" } })).map(
    (e) => e.data as AnyJson,
  );

const fullRow = (phone: string): Values => ({
  phone,
  name: "Ada Lovelace",
  email: "ada@example.com",
  tags: "vip;old",
  plan: "pro",
  city: "London",
});

describe("CSV import: contacts that already exist", { timeout: 120_000 }, () => {
  it("skips them by default and reports every row: created, skipped (why), failed (why)", async () => {
    const { orgId, cookie } = await ownerOfNewOrg();
    const ada = await storedAda(orgId);
    const fresh = randomPhone();
    const res = await importRows(cookie, undefined, [
      fullRow(ada.phone ?? ""),
      { phone: fresh, name: "New" },
      { phone: fresh, name: "Again" },
      { phone: "0612", name: "Bad" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      created: 1,
      updated: 0,
      skipped: 2,
      failed: 1,
      rows: [
        {
          row: 1,
          phone: ada.phone,
          outcome: "skipped",
          contactId: ada.id,
          fields: [],
          message: "a contact with this number exists",
        },
        { row: 2, phone: fresh, outcome: "created", contactId: expect.any(String), fields: [], message: "" },
        {
          row: 3,
          phone: fresh,
          outcome: "skipped",
          contactId: null,
          fields: [],
          message: "the same contact appears earlier in the file",
        },
        {
          row: 4,
          phone: "0612",
          outcome: "failed",
          contactId: null,
          fields: [],
          message: expect.stringContaining("phone"),
        },
      ],
    });
    const after = await contactOf(ada.id);
    expect(after).toMatchObject({ name: "Ada", email: null, customFields: { plan: "free" } });
    expect(await updatedEvents(orgId)).toEqual([]);
  });

  it("add_tags adds the row's tags and changes nothing else", async () => {
    const { orgId, cookie } = await ownerOfNewOrg();
    const ada = await storedAda(orgId);
    const res = await importRows(cookie, "add_tags", [fullRow(ada.phone ?? "")]);
    expect(res.body.data).toMatchObject({
      updated: 1,
      rows: [{ row: 1, outcome: "updated", contactId: ada.id, fields: ["tags"] }],
    });
    const after = await contactOf(ada.id);
    expect(tagsOf(after)).toEqual(["old", "vip"]);
    expect(after).toMatchObject({ name: "Ada", email: null, customFields: { plan: "free" } });
    expect(await updatedEvents(orgId)).toEqual([
      expect.objectContaining({ contactId: ada.id, changes: ["tags"], tags: ["old", "vip"] }),
    ]);
  });

  it("fill_empty sets only what the contact has no value for, and adds the tags", async () => {
    const { orgId, cookie } = await ownerOfNewOrg();
    const ada = await storedAda(orgId);
    const res = await importRows(cookie, "fill_empty", [fullRow(ada.phone ?? "")]);
    expect((res.body.data as AnyJson).rows).toEqual([
      expect.objectContaining({ outcome: "updated", fields: ["email", "custom_fields.city", "tags"] }),
    ]);
    const after = await contactOf(ada.id);
    expect(after).toMatchObject({
      name: "Ada",
      email: "ada@example.com",
      customFields: { plan: "free", city: "London" },
    });
    expect(tagsOf(after)).toEqual(["old", "vip"]);
    const [event] = await updatedEvents(orgId);
    expect(event).toMatchObject({ contactId: ada.id, changes: ["email", "custom_fields", "tags"] });
  });

  it("overwrite replaces with the row's non-empty values, never clears, and keeps the history", async () => {
    const { orgId } = await ownerOfNewOrg();
    const staff = await createStaff("admin", orgId);
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    if (!cookie) throw new Error("admin could not sign in");
    const ada = await storedAda(orgId, { email: "old@example.com" });
    const res = await importRows(cookie, "overwrite", [{ ...fullRow(ada.phone ?? ""), email: "", city: "" }]);
    expect((res.body.data as AnyJson).rows).toEqual([
      expect.objectContaining({ outcome: "updated", fields: ["name", "custom_fields.plan", "tags"] }),
    ]);
    const after = await contactOf(ada.id);
    expect(after).toMatchObject({
      name: "Ada Lovelace",
      email: "old@example.com",
      customFields: { plan: "pro" },
    });

    const history = await dashboardCall(cookie, `/api/dashboard/contacts/${ada.id}/history`);
    const user = await db().user.findFirstOrThrow({ where: { email: staff.email } });
    expect(
      ((history.body.data as AnyJson).changes as AnyJson[])
        .map((c) => [c.field, c.value, c.source, c.user?.id])
        .sort(),
    ).toEqual([
      ["custom_fields.plan", "pro", "import", user.id],
      ["name", "Ada Lovelace", "import", user.id],
      ["tags", "old;vip", "import", user.id],
    ]);
    expect(await updatedEvents(orgId)).toEqual([
      expect.objectContaining({
        contactId: ada.id,
        name: "Ada Lovelace",
        changes: ["name", "custom_fields", "tags"],
      }),
    ]);

    // the same file again changes nothing: skipped, with no event and no history
    const again = await importRows(cookie, "overwrite", [
      { ...fullRow(ada.phone ?? ""), email: "", city: "" },
    ]);
    expect((again.body.data as AnyJson).rows).toEqual([
      expect.objectContaining({ outcome: "skipped", message: "nothing to change" }),
    ]);
    expect(await updatedEvents(orgId)).toHaveLength(1);
  });

  it("never clears a marketing opt-out or a block, whatever columns the file has", async () => {
    const { orgId, cookie } = await ownerOfNewOrg();
    const at = new Date("2026-11-01T00:00:00Z");
    const ada = await storedAda(orgId, {
      marketingOptOut: true,
      marketingOptOutAt: at,
      marketingOptOutSource: "stop_word",
      blockedAt: at,
    });
    const res = await importRows(cookie, "overwrite", [
      { ...fullRow(ada.phone ?? ""), marketing_opt_out: "false", blocked: "false" },
    ]);
    const [row] = (res.body.data as AnyJson).rows;
    expect(row).toMatchObject({
      outcome: "updated",
      message: expect.stringContaining("marketing_opt_out, blocked not imported"),
    });
    expect(row.fields).not.toContain("custom_fields.marketing_opt_out");
    const after = await contactOf(ada.id);
    expect(after).toMatchObject({
      marketingOptOut: true,
      marketingOptOutAt: at,
      marketingOptOutSource: "stop_word",
      blockedAt: at,
      customFields: { plan: "pro", city: "London" },
    });
    const [event] = await updatedEvents(orgId);
    expect(event).toMatchObject({ marketingOptOut: true, blocked: true });
    expect(event?.changes).not.toContain("marketing_opt_out");
  });

  it("a number another organization has is a new contact here; theirs is untouched", async () => {
    const a = await ownerOfNewOrg();
    const b = await ownerOfNewOrg();
    const theirs = await storedAda(a.orgId);
    const res = await importRows(b.cookie, "overwrite", [fullRow(theirs.phone ?? "")]);
    expect(res.body.data).toMatchObject({ created: 1, updated: 0 });
    const mine = await db().contact.findFirstOrThrow({
      where: { organizationId: b.orgId, phone: theirs.phone },
    });
    expect(mine.id).not.toBe(theirs.id);
    expect(mine.name).toBe("Ada Lovelace");
    expect(await contactOf(theirs.id)).toMatchObject({
      name: "Ada",
      email: null,
      customFields: { plan: "free" },
    });
    expect(tagsOf(await contactOf(theirs.id))).toEqual(["old"]);
    expect(await updatedEvents(a.orgId)).toEqual([]);
    expect(await db().contactChange.count({ where: { contactId: theirs.id } })).toBe(0);
  });

  it("a user_id finds a contact known by it alone; the import never writes a user id", async () => {
    const { orgId, cookie } = await ownerOfNewOrg();
    const bsuid = `US.${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const known = await db().contact.create({ data: { organizationId: orgId, bsuid, phone: null } });
    const phone = randomPhone();
    const other = randomPhone();
    const res = await importRows(cookie, "fill_empty", [
      { phone, user_id: bsuid, name: "Lin" },
      { phone: "", user_id: "US.999", name: "Nobody" },
      { phone: other, user_id: "US.998", name: "New" },
    ]);
    expect((res.body.data as AnyJson).rows).toEqual([
      expect.objectContaining({ row: 1, outcome: "updated", contactId: known.id, fields: ["name", "phone"] }),
      expect.objectContaining({
        row: 2,
        outcome: "failed",
        message: "no contact has this user id; a new contact needs a phone number",
      }),
      expect.objectContaining({
        row: 3,
        outcome: "created",
        message: "user_id not stored: user ids come from WhatsApp",
      }),
    ]);
    expect(await contactOf(known.id)).toMatchObject({ phone, name: "Lin", bsuid });
    expect(
      await db().contact.findFirstOrThrow({ where: { organizationId: orgId, phone: other } }),
    ).toMatchObject({
      bsuid: null,
      customFields: {},
    });
  });

  it("agents may not import, with or without updates; a mode the route does not know is refused", async () => {
    const { orgId, cookie } = await ownerOfNewOrg();
    const agent = await signedIn("agent", orgId);
    const ada = await storedAda(orgId);
    for (const existing of [undefined, "overwrite"]) {
      const res = await importRows(agent, existing, [fullRow(ada.phone ?? "")]);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "AUTH_FORBIDDEN" });
    }
    const bad = await importRows(cookie, "merge", [fullRow(ada.phone ?? "")]);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "VALIDATION_INVALID_FIELD" });
    expect(await contactOf(ada.id)).toMatchObject({ name: "Ada" });
  });
});
