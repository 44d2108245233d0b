import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestChannel, createTestOrg, eventually, sandbox } from "@/scripts/test/helpers";
import {
  eventsNamed,
  type InboundCustomer,
  inboundCustomer,
  inboundEvent,
} from "@/scripts/test/inbound-helpers";

const TEXT = { type: "text", text: { body: "hi" } };

function newBsuid(): string {
  return `US.${Date.now()}${Math.floor(Math.random() * 1e9)}`;
}

/** The customer writes through the sandbox, as a username user (no number) or with both. */
async function writes(c: InboundCustomer, extra: Record<string, unknown>, body = "hi"): Promise<string> {
  const ack = await sandbox("/_sandbox/inbound", "POST", {
    phone_number_id: c.channel.phoneNumberId,
    message: { ...TEXT, text: { body } },
    ...extra,
  });
  expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
  return String(ack.body.id);
}

async function changeUserId(c: InboundCustomer, from: string, to: string) {
  const ack = await sandbox("/_sandbox/user-id-change", "POST", {
    phone_number_id: c.channel.phoneNumberId,
    user_id: from,
    new_user_id: to,
    parent_user_id: "US.ENT.77",
  });
  expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
}

async function contactUpdates(orgId: string, n: number) {
  return eventually(async () => {
    const events = await eventsNamed(orgId, "contact.updated");
    return events.length >= n ? events : undefined;
  });
}

describe("usernames and business-scoped user ids, the whole lifecycle", () => {
  it("a username user's message: the contact keeps username and user id; message.inbound carries sender.username; /v1 shows them", async () => {
    const c = await inboundCustomer();
    const bsuid = newBsuid();
    const data = await inboundEvent(
      c.orgId,
      await writes(c, { user_id: bsuid, username: "@cy.cycles", name: "Cy" }),
    );
    expect(data.sender).toEqual({ phone: null, name: "Cy", bsuid, username: "@cy.cycles" });
    const contact = await db().contact.findUniqueOrThrow({ where: { id: data.contactId } });
    expect(contact).toMatchObject({ phone: null, bsuid, username: "@cy.cycles", name: "Cy" });
    const listed = await api(`/v1/contacts?search=${encodeURIComponent("cy.cyc")}`, { key: c.key });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: contact.id, bsuid, username: "@cy.cycles", blocked: false, phone: null }),
    ]);
    const byBsuid = await api(`/v1/contacts?search=${encodeURIComponent(bsuid)}`, { key: c.key });
    expect(byBsuid.body.data.map((x: { id: string }) => x.id)).toEqual([contact.id]);
  });

  it('a new username is kept and announced: contact.updated with changes ["username"]', async () => {
    const c = await inboundCustomer();
    const bsuid = newBsuid();
    const first = await inboundEvent(c.orgId, await writes(c, { user_id: bsuid, username: "@old" }));
    await inboundEvent(c.orgId, await writes(c, { user_id: bsuid, username: "@new" }, "renamed"));
    const [updated] = await contactUpdates(c.orgId, 1);
    expect(updated?.data).toMatchObject({
      contactId: first.contactId,
      username: "@new",
      bsuid,
      changes: ["username"],
    });
    expect(await db().contact.count({ where: { organizationId: c.orgId } })).toBe(1);
  });

  it("user_changed_user_id moves the contact to its new id: same contact, its conversation and window, no second contact", async () => {
    const c = await inboundCustomer();
    const [oldId, newId] = [newBsuid(), newBsuid()];
    const first = await inboundEvent(c.orgId, await writes(c, { user_id: oldId, name: "Dee" }));
    const before = await db().contact.findUniqueOrThrow({ where: { id: first.contactId } });
    await changeUserId(c, oldId, newId);
    const [updated] = await contactUpdates(c.orgId, 1);
    expect(updated?.data).toMatchObject({ contactId: first.contactId, bsuid: newId, changes: ["bsuid"] });
    const after = await db().contact.findUniqueOrThrow({ where: { id: first.contactId } });
    expect(after).toMatchObject({
      bsuid: newId,
      parentBsuid: "US.ENT.77",
      lastInboundAt: before.lastInboundAt,
    });
    // the next message under the new id lands in the same contact and conversation
    const later = await inboundEvent(c.orgId, await writes(c, { user_id: newId, name: "Dee" }, "still me"));
    expect(later).toMatchObject({ contactId: first.contactId, conversationId: first.conversationId });
    expect(await db().contact.count({ where: { organizationId: c.orgId } })).toBe(1);
    // a reply by user id goes to the new id (the sandbox moved its window too)
    const reply = await api("/v1/whatsapp/messages", {
      method: "POST",
      key: c.key,
      body: { recipient: newId, type: "text", text: { body: "welcome back" } },
    });
    expect(reply.status, reply.text).toBe(200);
    // the system message is not a chat message and, repeated, changes nothing
    expect(await db().message.count({ where: { organizationId: c.orgId, type: "system" } })).toBe(0);
  });

  it("a customer known by user id who later shares the number becomes one contact with the other, never two", async () => {
    const c = await inboundCustomer();
    const bsuid = newBsuid();
    // the number was imported before (a contact by phone), then the user wrote with a username only
    const imported = await api("/v1/contacts", {
      method: "POST",
      key: c.key,
      body: { phone: c.phone, name: "Imported", tags: ["vip"] },
    });
    expect(imported.status, imported.text).toBe(201);
    const byUserId = await inboundEvent(c.orgId, await writes(c, { user_id: bsuid, username: "@fay" }));
    expect(byUserId.contactId).not.toBe(imported.body.data.id);
    // now Meta sends both the number and the user id
    const both = await inboundEvent(
      c.orgId,
      await writes(c, { from: c.from, user_id: bsuid, username: "@fay" }, "both"),
    );
    const contacts = await db().contact.findMany({
      where: { organizationId: c.orgId },
      include: { tags: { include: { tag: true } } },
    });
    expect(contacts).toHaveLength(1);
    const [merged] = contacts;
    // the older contact (the imported one) stays, with the other's identifiers, messages and conversations
    expect(merged).toMatchObject({
      id: imported.body.data.id,
      phone: c.phone,
      bsuid,
      username: "@fay",
      name: "Imported",
    });
    expect(merged?.tags.map((t) => t.tag.name)).toEqual(["vip"]);
    expect(both.contactId).toBe(merged?.id);
    expect(
      await db().message.count({ where: { organizationId: c.orgId, contactId: { not: merged?.id } } }),
    ).toBe(0);
    const [update] = (await eventsNamed(c.orgId, "contact.updated")).filter((e) => e.data.mergedContactIds);
    expect(update?.data).toMatchObject({ contactId: merged?.id, mergedContactIds: [byUserId.contactId] });
    expect(update?.data.changes).toEqual(expect.arrayContaining(["bsuid", "merged"]));
  });

  it("two organizations: a user id or username of one is never found, changed or merged through the other", async () => {
    const a = await inboundCustomer();
    const b = await createTestOrg();
    const channelB = await createTestChannel(b.orgId);
    const bsuid = newBsuid();
    // the same (fictional) user id writes to both businesses: one contact in each
    const inA = await inboundEvent(a.orgId, await writes(a, { user_id: bsuid, username: "@shared" }));
    const ackB = await sandbox("/_sandbox/inbound", "POST", {
      phone_number_id: channelB.phoneNumberId,
      user_id: bsuid,
      username: "@shared",
      message: TEXT,
    });
    const inB = await inboundEvent(b.orgId, String(ackB.body.id));
    expect(inB.contactId).not.toBe(inA.contactId);
    // a change in A's channel moves A's contact only
    const renamed = newBsuid();
    await changeUserId(a, bsuid, renamed);
    await contactUpdates(a.orgId, 1);
    expect((await db().contact.findUniqueOrThrow({ where: { id: inB.contactId } })).bsuid).toBe(bsuid);
    expect(await eventsNamed(b.orgId, "contact.updated")).toHaveLength(0);
    // B's key finds nothing of A's by username or user id
    for (const search of ["@shared", renamed]) {
      const res = await api(`/v1/contacts?search=${encodeURIComponent(search)}`, { key: b.key });
      expect(res.body.data.map((x: { id: string }) => x.id)).not.toContain(inA.contactId);
    }
    const send = await api("/v1/whatsapp/messages", {
      method: "POST",
      key: b.key,
      body: { recipient: renamed, type: "text", text: { body: "x" } },
    });
    expect(send.status).toBe(400);
    expect(send.body.error.code).toBe("WHATSAPP_SESSION_CLOSED");
  });
});
