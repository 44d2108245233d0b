/**
 * Issue 28.8: a key with only `whatsapp:send` read the phone numbers of a broadcast to a tag
 * through `…/recipients`, and created contacts through inline recipients. A recipient's `to` is
 * now null unless the key holds `contacts:read`, and inline recipients need `contacts:write`
 * (docs/api.md says why the endpoint keeps one scope and asks for the second inside).
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { allRecipients, createBroadcast, readyBroadcaster } from "@/scripts/test/broadcast-helpers";
import { addKey, api, randomPhone } from "@/scripts/test/helpers";

const template = { name: "plain_notice", language: { code: "en_US" } };
const later = () => new Date(Date.now() + 3_600_000).toISOString();

describe("broadcast recipients are contact data", () => {
  it("a whatsapp:send key sees no phone number; with contacts:read it does", async () => {
    const b = await readyBroadcaster();
    const phone = randomPhone();
    const made = await api("/v1/contacts", { method: "POST", key: b.key, body: { phone, tags: ["vip"] } });
    expect(made.status, made.text).toBe(201);
    const sendOnly = (await addKey(b.orgId, { scopes: ["whatsapp:send"] })).key;
    const reader = (await addKey(b.orgId, { scopes: ["whatsapp:send", "contacts:read"] })).key;

    // a broadcast to a tag, created by the send-only key: no contact is created, so no contacts:write
    const created = await createBroadcast(sendOnly, {
      name: "To a tag",
      template,
      audience: { tags: ["vip"] },
      scheduled_at: later(),
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;

    const hidden = await allRecipients(sendOnly, id);
    expect(hidden).toHaveLength(1);
    expect(hidden[0]).toMatchObject({ to: null, contactId: made.body.data.id, status: "pending" });
    expect(JSON.stringify(hidden)).not.toContain(phone.slice(1));

    const shown = await allRecipients(reader, id);
    expect(shown[0]).toMatchObject({ to: phone, contactId: made.body.data.id });
  });

  it("inline recipients need contacts:write: refused with nothing stored, accepted with it", async () => {
    const b = await readyBroadcaster();
    const sendOnly = (await addKey(b.orgId, { scopes: ["whatsapp:send"] })).key;
    const writer = (await addKey(b.orgId, { scopes: ["whatsapp:send", "contacts:write"] })).key;
    const to = randomPhone();
    const body = { name: "Inline", template, recipients: [{ to }], scheduled_at: later() };

    const refused = await createBroadcast(sendOnly, body);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      error: { code: "AUTH_INSUFFICIENT_SCOPE", details: { required_scope: "contacts:write" } },
    });
    expect(await db().broadcast.count({ where: { organizationId: b.orgId } })).toBe(0);
    expect(await db().contact.count({ where: { organizationId: b.orgId, phone: to } })).toBe(0);

    const accepted = await createBroadcast(writer, body);
    expect(accepted.status, accepted.text).toBe(201);
    expect(await db().contact.count({ where: { organizationId: b.orgId, phone: to } })).toBe(1);
  });
});
