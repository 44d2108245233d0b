/**
 * A customer's STOP survives a merge: a customer known first by user id alone, then by number
 * (where they opted out), becomes one contact through either merge path, and a MARKETING template
 * to their number stays refused; contact.updated names the change.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  createTestChannel,
  createTestOrg,
  eventually,
  expectError,
  randomPhone,
  sandbox,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { eventsNamed, inboundEvent } from "@/scripts/test/inbound-helpers";
import { digits, FILLED, send, templateFixtures, waitForTemplateSync } from "@/scripts/test/send-helpers";

type Setup = TestOrg & { channel: TestChannel; phone: string };

async function setup(): Promise<Setup> {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, { templates: templateFixtures() });
  await waitForTemplateSync(channel.channelId);
  return { ...org, channel, phone: randomPhone() };
}

function newBsuid(): string {
  return `US.${Date.now()}${Math.floor(Math.random() * 1e9)}`;
}

const promo = (to: string) => ({
  to,
  type: "template",
  template: { name: "welcome_named", language: { code: "en_US" }, components: FILLED.welcome_named },
});

/** The customer writes (by number, by user id, or both); answers once our worker stored it. */
async function writes(s: Setup, who: { from?: string; user_id?: string }, body: string) {
  const ack = await sandbox("/_sandbox/inbound", "POST", {
    phone_number_id: s.channel.phoneNumberId,
    ...who,
    message: { type: "text", text: { body } },
  });
  expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
  return inboundEvent(s.orgId, String(ack.body.id));
}

async function optedOutByPhone(s: Setup) {
  return eventually(async () => {
    const c = await db().contact.findFirst({ where: { organizationId: s.orgId, phone: s.phone } });
    return c?.marketingOptOut ? c : undefined;
  });
}

async function expectRefused(s: Setup) {
  const refused = await send(s.key, promo(s.phone));
  expectError(refused, 400, "WHATSAPP_RECIPIENT_OPTED_OUT");
}

async function mergeUpdate(orgId: string) {
  return eventually(async () =>
    (await eventsNamed(orgId, "contact.updated")).find((e) => e.data.mergedContactIds),
  );
}

describe("a merge keeps the customer's opt-out", () => {
  it("an inbound message carrying both the number and the user id of two contacts: still refused", async () => {
    const s = await setup();
    const bsuid = newBsuid();
    // known by user id alone first (the older contact, the one a merge keeps)
    const byUserId = await writes(s, { user_id: bsuid }, "hi");
    // then by number, where the customer says STOP
    await writes(s, { from: digits(s.phone) }, "STOP");
    const byPhone = await optedOutByPhone(s);
    expect(byPhone.id).not.toBe(byUserId.contactId);
    await expectRefused(s);

    // Meta names both: the two become one
    const both = await writes(s, { from: digits(s.phone), user_id: bsuid }, "it's me");
    expect(both.contactId).toBe(byUserId.contactId);
    const contacts = await db().contact.findMany({ where: { organizationId: s.orgId } });
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ phone: s.phone, bsuid, marketingOptOut: true });
    await expectRefused(s);
    const update = await mergeUpdate(s.orgId);
    expect(update.data).toMatchObject({ contactId: byUserId.contactId, marketingOptOut: true });
    expect(update.data.changes).toEqual(expect.arrayContaining(["merged", "marketing_opt_out"]));
  });

  it("user_changed_user_id onto a user id another contact holds: still refused", async () => {
    const s = await setup();
    const [oldId, newId] = [newBsuid(), newBsuid()];
    // known by the (new) user id alone first
    const byUserId = await writes(s, { user_id: newId }, "hi");
    // then by number (with its old user id), and the customer stops marketing in WhatsApp
    await writes(s, { from: digits(s.phone), user_id: oldId }, "hello");
    const pref = await sandbox("/_sandbox/user-preferences", "POST", {
      phone_number_id: s.channel.phoneNumberId,
      from: digits(s.phone),
      value: "stop",
    });
    expect(pref.status, JSON.stringify(pref.body)).toBe(200);
    await optedOutByPhone(s);
    await expectRefused(s);

    const change = await sandbox("/_sandbox/user-id-change", "POST", {
      phone_number_id: s.channel.phoneNumberId,
      user_id: oldId,
      new_user_id: newId,
    });
    expect(change.body?.status, JSON.stringify(change.body)).toBe(200);
    const update = await mergeUpdate(s.orgId);
    expect(update.data).toMatchObject({ contactId: byUserId.contactId, marketingOptOut: true, bsuid: newId });
    expect(update.data.changes).toEqual(expect.arrayContaining(["bsuid", "merged", "marketing_opt_out"]));
    const contacts = await db().contact.findMany({ where: { organizationId: s.orgId } });
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ phone: s.phone, bsuid: newId, marketingOptOut: true });
    await expectRefused(s);
  });
});
