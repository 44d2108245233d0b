import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  customerWrites,
  eventsNamed,
  type InboundCustomer,
  inboundCustomer,
  inboundEvent,
  inboundNotification,
  postNotification,
  waitProcessed,
} from "@/scripts/test/inbound-helpers";

const TEXT = { type: "text", text: { body: "hi" } };

function randomBsuid(): string {
  return `US.${Date.now()}${Math.floor(Math.random() * 1e6)}`;
}

/** A signed notification from a user known only by the business-scoped user id (no phone). */
async function bsuidOnly(c: InboundCustomer, bsuid: string, name: string, body: string) {
  const n = inboundNotification(
    c.channel.phoneNumberId,
    { profile: { name }, user_id: bsuid },
    { from_user_id: bsuid, type: "text", text: { body } },
  );
  expect((await postNotification(JSON.stringify(n.body))).status).toBe(200);
  return n.wamid;
}

describe("contacts found by business-scoped user id (sender.bsuid)", () => {
  it("a later message that carries only the business-scoped user id finds the contact by bsuid", async () => {
    const c = await inboundCustomer();
    const bsuid = randomBsuid();
    const first = await inboundEvent(c.orgId, await customerWrites(c, TEXT, { name: "Cy", user_id: bsuid }));

    // a user who adopted a username: no wa_id, no from; only user_id / from_user_id
    const later = await inboundEvent(c.orgId, await bsuidOnly(c, bsuid, "Cy", "it's me, without my number"));
    expect(later.contactId).toBe(first.contactId);
    expect(later.conversationId).toBe(first.conversationId);
    expect(later.sender).toMatchObject({ name: "Cy", bsuid });
    expect(await db().contact.count({ where: { organizationId: c.orgId } })).toBe(1);
    expect(await eventsNamed(c.orgId, "contact.created")).toHaveLength(1);
  });

  it("a bsuid-only sender nobody knows → a new contact without a phone", async () => {
    const c = await inboundCustomer();
    const bsuid = randomBsuid();
    const data = await inboundEvent(c.orgId, await bsuidOnly(c, bsuid, "Dee", "hello"));
    const contact = await db().contact.findUniqueOrThrow({ where: { id: data.contactId } });
    expect(contact).toMatchObject({ organizationId: c.orgId, phone: null, bsuid, name: "Dee" });
    expect(contact.lastInboundAt).not.toBeNull();
  });

  it("one contact known by phone, another only by bsuid, then a message carrying both → the message is still stored", async () => {
    const c = await inboundCustomer();
    const bsuid = randomBsuid();
    // the number wrote before (no user id then); later the same user wrote with a username only
    const byPhone = await inboundEvent(c.orgId, await customerWrites(c, TEXT));
    const byBsuid = await inboundEvent(c.orgId, await bsuidOnly(c, bsuid, "Fay", "username only"));
    expect(byBsuid.contactId).not.toBe(byPhone.contactId);

    // now the upstream sends both the number and the user id
    const { wamid, body } = inboundNotification(
      c.channel.phoneNumberId,
      { profile: { name: "Fay" }, wa_id: c.from, user_id: bsuid },
      { from: c.from, from_user_id: bsuid, type: "text", text: { body: "both" } },
    );
    expect((await postNotification(JSON.stringify(body))).status).toBe(200);
    await waitProcessed(wamid, 1, 20_000).catch(() => undefined);
    const stored = await db().message.findUnique({ where: { whatsappMessageId: wamid } });
    const row = await db().$queryRaw<{ processed_at: Date | null; error: string | null }[]>`
      SELECT processed_at, error FROM upstream_notifications WHERE payload::text LIKE ${`%${wamid}%`}`;
    expect(stored, `message not stored; notification row: ${JSON.stringify(row)}`).not.toBeNull();
    expect([byPhone.contactId, byBsuid.contactId]).toContain(stored?.contactId);
  });
});
