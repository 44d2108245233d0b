import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestOrg, expectError, randomPhone, sandbox } from "@/scripts/test/helpers";
import { eventsNamed } from "@/scripts/test/inbound-helpers";
import { readySender, send, upstreamRequests } from "@/scripts/test/send-helpers";

async function contactOf(orgId: string, phone: string) {
  return db().contact.findFirstOrThrow({ where: { organizationId: orgId, phone } });
}

async function blocklist(phoneNumberId: string, token: string): Promise<string[]> {
  const list = await sandbox(`/v23.0/${phoneNumberId}/block_users?access_token=${token}`);
  return (list.body?.data?.[0]?.block_users ?? []).map(
    (u: { wa_id?: string; user_id?: string }) => u.wa_id ?? u.user_id,
  );
}

describe("blocking a customer (Meta's block_users)", () => {
  it("blocks on the upstream, marks the contact blocked, refuses sends before any upstream call; unblock restores", async () => {
    const s = await readySender();
    const contact = await contactOf(s.orgId, s.to);
    const blocked = await api(`/v1/contacts/${contact.id}/block`, { method: "POST", key: s.key, body: {} });
    expect(blocked.status, blocked.text).toBe(200);
    expect(blocked.body.data).toMatchObject({ id: contact.id, blocked: true });
    expect(await blocklist(s.channel.phoneNumberId, s.channel.token)).toEqual([s.to.slice(1)]);
    const [event] = await eventsNamed(s.orgId, "contact.updated");
    expect(event?.data).toMatchObject({ contactId: contact.id, blocked: true, changes: ["blocked"] });

    const before = (await upstreamRequests(s.channel.phoneNumberId)).length;
    const refused = await send(s.key, { to: s.to, type: "text", text: { body: "you there?" } });
    expectError(refused, 400, "WHATSAPP_RECIPIENT_BLOCKED");
    expect(refused.body.error.details).toEqual({ contactId: contact.id });
    expect((await upstreamRequests(s.channel.phoneNumberId)).length).toBe(before);
    expect(await db().message.count({ where: { organizationId: s.orgId, direction: "outbound" } })).toBe(0);
    // blocking twice changes nothing
    expect(
      (await api(`/v1/contacts/${contact.id}/block`, { method: "POST", key: s.key, body: {} })).status,
    ).toBe(200);
    expect(await eventsNamed(s.orgId, "contact.updated")).toHaveLength(1);

    const unblocked = await api(`/v1/contacts/${contact.id}/unblock`, {
      method: "POST",
      key: s.key,
      body: {},
    });
    expect(unblocked.body.data).toMatchObject({ blocked: false });
    expect(await blocklist(s.channel.phoneNumberId, s.channel.token)).toEqual([]);
    expect((await send(s.key, { to: s.to, type: "text", text: { body: "welcome back" } })).status).toBe(200);
  });

  it("only a customer who wrote in the last 24 hours can be blocked: WHATSAPP_SESSION_CLOSED otherwise, nothing changes", async () => {
    const { key, orgId } = await createTestOrg();
    const created = await api("/v1/contacts", { method: "POST", key, body: { phone: randomPhone() } });
    const res = await api(`/v1/contacts/${created.body.data.id}/block`, { method: "POST", key, body: {} });
    expectError(res, 400, "WHATSAPP_SESSION_CLOSED");
    expect(
      (await db().contact.findUniqueOrThrow({ where: { id: created.body.data.id } })).blockedAt,
    ).toBeNull();
    expect(await eventsNamed(orgId, "contact.updated")).toHaveLength(0);
  });

  it("unknown and malformed ids are RESOURCE_NOT_FOUND; the scope is contacts:write", async () => {
    const { key } = await createTestOrg();
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expectError(
        await api(`/v1/contacts/${id}/block`, { method: "POST", key, body: {} }),
        404,
        "RESOURCE_NOT_FOUND",
      );
    }
    const reader = await createTestOrg({ scopes: ["contacts:read"] });
    expectError(
      await api("/v1/contacts/00000000-0000-4000-8000-000000000000/unblock", {
        method: "POST",
        key: reader.key,
        body: {},
      }),
      403,
      "AUTH_INSUFFICIENT_SCOPE",
    );
  });

  it("two organizations: another organization's key can neither block nor unblock the contact, nor see it blocked", async () => {
    const s = await readySender();
    const other = await createTestOrg();
    const contact = await contactOf(s.orgId, s.to);
    expectError(
      await api(`/v1/contacts/${contact.id}/block`, { method: "POST", key: other.key, body: {} }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(await blocklist(s.channel.phoneNumberId, s.channel.token)).toEqual([]);
    await api(`/v1/contacts/${contact.id}/block`, { method: "POST", key: s.key, body: {} });
    expectError(
      await api(`/v1/contacts/${contact.id}/unblock`, { method: "POST", key: other.key, body: {} }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect((await db().contact.findUniqueOrThrow({ where: { id: contact.id } })).blockedAt).not.toBeNull();
    // the same number in the other organization is a contact of its own, not blocked
    const mine = await api("/v1/contacts", { method: "POST", key: other.key, body: { phone: s.to } });
    expect(mine.body.data).toMatchObject({ blocked: false });
  });
});
