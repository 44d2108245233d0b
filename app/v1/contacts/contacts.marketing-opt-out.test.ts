/**
 * Marketing opt-out: Meta's user_preferences notification (posted by the sandbox as Meta does)
 * and the organization's stop words set or clear it; MARKETING templates are then refused
 * (WHATSAPP_RECIPIENT_OPTED_OUT) before any upstream call; other templates are not.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import {
  type AnyJson,
  api,
  eventually,
  expectError,
  inbound,
  randomPhone,
  sandbox,
} from "@/scripts/test/helpers";
import { waitAllProcessed } from "@/scripts/test/inbound-helpers";
import {
  digits,
  FILLED,
  readySender,
  send,
  templateFixtures,
  upstreamRequests,
  waitForTemplateSync,
} from "@/scripts/test/send-helpers";

async function setup() {
  const s = await readySender({ templates: templateFixtures() });
  await waitForTemplateSync(s.channel.channelId);
  return s;
}

const promo = (to: string) => ({
  to,
  type: "template",
  template: { name: "welcome_named", language: { code: "en_US" }, components: FILLED.welcome_named },
});
const notice = (to: string) => ({
  to,
  type: "template",
  template: { name: "plain_notice", language: { code: "en_US" } },
});

async function contactJson(key: string, phone: string): Promise<AnyJson> {
  const res = await api(`/v1/contacts?search=${encodeURIComponent(phone)}`, { key });
  return res.body.data.find((c: AnyJson) => c.phone === phone);
}

const preference = (phoneNumberId: string, from: string, value: "stop" | "resume", timestamp?: number) =>
  sandbox("/_sandbox/user-preferences", "POST", {
    phone_number_id: phoneNumberId,
    from: digits(from),
    value,
    ...(timestamp ? { timestamp } : {}),
  });

describe("marketing opt-out", () => {
  it("user_preferences stop: the contact shows it, contact.updated is emitted, marketing sends are refused", async () => {
    const { key, orgId, channel, to } = await setup();
    expect((await contactJson(key, to)).marketing_opt_out).toBe(false);
    expect((await preference(channel.phoneNumberId, to, "stop")).status).toBe(200);
    const contact = await eventually(async () => {
      const c = await contactJson(key, to);
      return c?.marketing_opt_out ? c : undefined;
    });
    const event = await db().event.findFirstOrThrow({
      where: {
        organizationId: orgId,
        name: "contact.updated",
        data: { path: ["contactId"], equals: contact.id },
      },
    });
    expect(event.data).toMatchObject({ changes: ["marketing_opt_out"], marketingOptOut: true, phone: to });

    const before = (await upstreamRequests(channel.phoneNumberId, to)).length;
    const refused = await send(key, promo(to));
    expectError(refused, 400, "WHATSAPP_RECIPIENT_OPTED_OUT");
    expect(refused.body.error.details).toMatchObject({ field: "to", contactId: contact.id });
    expect(await upstreamRequests(channel.phoneNumberId, to)).toHaveLength(before);
    const utility = await send(key, notice(to));
    expect(utility.status, utility.text).toBe(200);

    await preference(channel.phoneNumberId, to, "resume");
    await eventually(async () => (await contactJson(key, to))?.marketing_opt_out === false);
    const allowed = await send(key, promo(to));
    expect(allowed.status, allowed.text).toBe(200);
  });

  it("an older preference arriving late changes nothing; an unknown customer becomes an opted-out contact", async () => {
    const { key, channel, to } = await setup();
    const now = Math.floor(Date.now() / 1000);
    await preference(channel.phoneNumberId, to, "stop", now);
    await eventually(async () => (await contactJson(key, to))?.marketing_opt_out === true);
    expect((await preference(channel.phoneNumberId, to, "resume", now - 60)).body.status).toBe(200);
    // the late resume processed (with every notification about the customer): it changed nothing
    await waitAllProcessed(digits(to));
    expect((await contactJson(key, to)).marketing_opt_out).toBe(true);

    const stranger = randomPhone();
    await preference(channel.phoneNumberId, stranger, "stop");
    const created = await eventually(async () => contactJson(key, stranger));
    expect(created.marketing_opt_out).toBe(true);
  });

  it("a stop word opts out without any answer; owners and admins change the words", async () => {
    const { key, orgId, channel, to } = await setup();
    const sentBefore = (await upstreamRequests(channel.phoneNumberId, to)).length;
    await inbound(channel.phoneNumberId, digits(to), { type: "text", text: { body: "  stop " } });
    await eventually(async () => (await contactJson(key, to))?.marketing_opt_out === true);
    expect(await upstreamRequests(channel.phoneNumberId, to)).toHaveLength(sentBefore);
    const stored = await db().message.findFirst({
      where: { organizationId: orgId, direction: "inbound", content: { path: ["text"], equals: "  stop " } },
    });
    expect(stored).not.toBeNull();

    const owner = await createStaff("owner", orgId);
    const { cookie } = await signInWithPassword(owner.email, owner.password);
    const agent = await createStaff("agent", orgId);
    const agentSession = await signInWithPassword(agent.email, agent.password);
    const body = { marketing_stop_words: ["unsubscribe", "Baja", "baja"] };
    const forbidden = await dashboardCall(agentSession.cookie ?? "", "/api/dashboard/organization", {
      method: "PATCH",
      body,
    });
    expect(forbidden.status).toBe(403);
    const changed = await dashboardCall(cookie ?? "", "/api/dashboard/organization", {
      method: "PATCH",
      body,
    });
    expect(changed.status).toBe(200);
    expect((changed.body.data as AnyJson).settings.marketing_stop_words).toEqual(["UNSUBSCRIBE", "BAJA"]);

    const other = randomPhone();
    await inbound(channel.phoneNumberId, digits(other), { type: "text", text: { body: "STOP" } });
    await eventually(async () => contactJson(key, other));
    for (const body of ["please stop", "hi"]) {
      const ack = await inbound(channel.phoneNumberId, digits(other), { type: "text", text: { body } });
      expect(ack.body.status, JSON.stringify(ack.body)).toBe(200);
    }
    // both processed (a stop word is applied in the same transaction as its message): neither opted out
    await waitAllProcessed(digits(other));
    expect((await contactJson(key, other)).marketing_opt_out).toBe(false);
    await inbound(channel.phoneNumberId, digits(other), { type: "text", text: { body: "Baja" } });
    await eventually(async () => (await contactJson(key, other))?.marketing_opt_out === true);
  });
});
