import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";

type Row = { id: string; phone: string | null; bsuid?: string | null };

describe("customers known only by a business-scoped user id, in the dashboard", () => {
  it("the contacts list and the conversations carry the BSUID of a contact without a phone", async () => {
    const staff = await createStaff("agent");
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    if (!cookie) throw new Error("could not sign in");
    const bsuid = `US.${randomUUID().replace(/\D/g, "").slice(0, 18)}`;
    const contact = await db().contact.create({
      data: { organizationId: staff.orgId, phone: null, bsuid, name: null },
    });
    await db().conversation.create({
      data: { organizationId: staff.orgId, contactId: contact.id, status: "open" },
    });

    const contacts = await dashboardCall(cookie, "/api/dashboard/contacts");
    expect(contacts.status).toBe(200);
    const rows = (contacts.body.data as { contacts: Row[] }).contacts;
    expect(rows.find((r) => r.id === contact.id)).toMatchObject({ phone: null, bsuid });

    const conversations = await dashboardCall(cookie, "/api/dashboard/conversations?status=open");
    expect(conversations.status).toBe(200);
    const list = (conversations.body.data as { conversations: { contact: Row }[] }).conversations;
    expect(list.map((c) => c.contact)).toContainEqual({
      id: contact.id,
      name: null,
      phone: null,
      bsuid,
      username: null,
      blocked: false,
    });
  });
});
