/**
 * How staff see and clear a customer's marketing opt-out: the stop word or WhatsApp's setting is
 * stored with the opt-out (how and when) and in the contact's history; owners and admins clear it
 * only with a typed reason, kept in the history; agents cannot; /v1 has no PATCH (the contract
 * leaves contact updates to the dashboard).
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { type AnyJson, api, eventually, expectError, inbound, sandbox } from "@/scripts/test/helpers";
import { digits, readySender } from "@/scripts/test/send-helpers";

async function signedIn(role: "owner" | "admin" | "agent", orgId: string): Promise<string> {
  const staff = await createStaff(role, orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error(`the ${role} could not sign in`);
  return cookie;
}

/** A customer who wrote STOP, seen by the dashboard's list. */
async function optedOutByStopWord() {
  const s = await readySender();
  await inbound(s.channel.phoneNumberId, digits(s.to), { type: "text", text: { body: "STOP" } });
  const contact = await eventually(async () => {
    const c = await db().contact.findFirst({ where: { organizationId: s.orgId, phone: s.to } });
    return c?.marketingOptOut ? c : undefined;
  });
  return { ...s, contactId: contact.id };
}

const clear = (cookie: string, id: string, body: unknown) =>
  dashboardCall(cookie, `/api/dashboard/contacts/${id}/marketing-opt-out/clear`, { method: "POST", body });

const history = async (cookie: string, id: string) =>
  ((await dashboardCall(cookie, `/api/dashboard/contacts/${id}/history`)).body.data as AnyJson).changes;

async function listed(cookie: string, phone: string): Promise<AnyJson> {
  const res = await dashboardCall(cookie, `/api/dashboard/contacts?search=${encodeURIComponent(phone)}`);
  return (res.body.data as AnyJson).contacts.find((c: AnyJson) => c.phone === phone);
}

// the first test warms a loaded machine up (sign-in, first compiles): generous limits
describe("a marketing opt-out where staff work", { timeout: 120_000 }, () => {
  it("a stop word is stored with how and when, and in the contact's history", async () => {
    const { orgId, to, contactId } = await optedOutByStopWord();
    const agent = await signedIn("agent", orgId);
    const row = await listed(agent, to);
    expect(row).toMatchObject({ marketing_opt_out: true, marketing_opt_out_source: "stop_word" });
    expect(row.marketing_opt_out_at).toEqual(expect.any(String));
    const changes = await history(agent, contactId);
    expect(changes).toEqual([
      expect.objectContaining({ field: "marketing_opt_out", value: "true", source: "stop_word", user: null }),
    ]);
  });

  it("WhatsApp's setting is stored as the source", async () => {
    const s = await readySender();
    await sandbox("/_sandbox/user-preferences", "POST", {
      phone_number_id: s.channel.phoneNumberId,
      from: digits(s.to),
      value: "stop",
    });
    const contact = await eventually(async () => {
      const c = await db().contact.findFirst({ where: { organizationId: s.orgId, phone: s.to } });
      return c?.marketingOptOut ? c : undefined;
    });
    expect(contact.marketingOptOutSource).toBe("whatsapp");
  });

  it("clearing without a reason is refused with VALIDATION_MISSING_FIELD and changes nothing", async () => {
    const { orgId, contactId } = await optedOutByStopWord();
    const owner = await signedIn("owner", orgId);
    for (const body of [{}, { reason: "   " }]) {
      const res = await clear(owner, contactId, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "VALIDATION_MISSING_FIELD" });
    }
    const contact = await db().contact.findUniqueOrThrow({ where: { id: contactId } });
    expect(contact.marketingOptOut).toBe(true);
  });

  it("an admin clears with a reason: cleared, the history keeps who and why, contact.updated names the change", async () => {
    const { orgId, to, contactId } = await optedOutByStopWord();
    const admin = await signedIn("admin", orgId);
    const reason = "Asked by phone to get offers again";
    const res = await clear(admin, contactId, { reason });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as AnyJson).contact).toMatchObject({
      marketing_opt_out: false,
      marketing_opt_out_source: null,
    });
    expect(await listed(admin, to)).toMatchObject({ marketing_opt_out: false });
    const [latest, first] = await history(admin, contactId);
    expect(latest).toMatchObject({ field: "marketing_opt_out", value: "false", source: "dashboard", reason });
    expect(latest.user.email).toEqual(expect.any(String));
    expect(first).toMatchObject({ value: "true", source: "stop_word" });
    const events = await db().event.findMany({
      where: {
        organizationId: orgId,
        name: "contact.updated",
        data: { path: ["contactId"], equals: contactId },
      },
      orderBy: { createdAt: "asc" },
    });
    expect(events.at(-1)?.data).toMatchObject({ changes: ["marketing_opt_out"], marketingOptOut: false });
  });

  it("an agent sees the opt-out but gets 403; another organization's contact is 404", async () => {
    const { orgId, contactId } = await optedOutByStopWord();
    const agent = await signedIn("agent", orgId);
    const forbidden = await clear(agent, contactId, { reason: "I would like to" });
    expect(forbidden.status).toBe(403);
    const other = await optedOutByStopWord();
    const owner = await signedIn("owner", orgId);
    const notOurs = await clear(owner, other.contactId, { reason: "not ours" });
    expect(notOurs.status).toBe(404);
    expect(notOurs.body.error).toMatchObject({ code: "RESOURCE_NOT_FOUND" });
    expect((await dashboardCall(owner, `/api/dashboard/contacts/${other.contactId}/history`)).status).toBe(
      404,
    );
    for (const id of [contactId, other.contactId]) {
      expect((await db().contact.findUniqueOrThrow({ where: { id } })).marketingOptOut).toBe(true);
    }
  });

  it("/v1 keeps the contract: no PATCH of a contact (404), the opt-out stays", async () => {
    const { key, contactId } = await optedOutByStopWord();
    const res = await api(`/v1/contacts/${contactId}`, {
      method: "PATCH",
      key,
      body: { marketing_opt_out: false },
    });
    expectError(res, 404, "RESOURCE_NOT_FOUND");
    expect((await db().contact.findUniqueOrThrow({ where: { id: contactId } })).marketingOptOut).toBe(true);
  });
});
