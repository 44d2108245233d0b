/**
 * Two organizations: one never sees, controls or reaches the other's broadcasts, contacts or
 * tags. Another organization's ids and tag names behave exactly like ones that do not exist.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  allRecipients,
  BROADCASTS,
  control,
  createBroadcast,
  readyBroadcaster,
} from "@/scripts/test/broadcast-helpers";
import { api, expectError, randomPhone } from "@/scripts/test/helpers";

const notice = { name: "plain_notice", language: { code: "en_US" } };

async function contact(key: string, body: Record<string, unknown>) {
  const res = await api("/v1/contacts", { method: "POST", key, body: { phone: randomPhone(), ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

describe("broadcasts between two organizations", () => {
  it("another organization's broadcast is not found by any route, and stays as it was", async () => {
    const a = await readyBroadcaster({ throughput: 1 });
    const b = await readyBroadcaster();
    const created = await createBroadcast(a.key, {
      name: "A's",
      template: notice,
      recipients: Array.from({ length: 5 }, () => ({ to: randomPhone() })),
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const id = created.body.data.id;
    expectError(await api(`${BROADCASTS}/${id}`, { key: b.key }), 404, "RESOURCE_NOT_FOUND");
    expectError(await api(`${BROADCASTS}/${id}/recipients`, { key: b.key }), 404, "RESOURCE_NOT_FOUND");
    for (const verb of ["pause", "resume", "cancel", "retry"]) {
      expectError(await control(b.key, id, verb), 404, "RESOURCE_NOT_FOUND");
    }
    const list = await api(BROADCASTS, { key: b.key });
    expect(list.body.meta.total).toBe(0);
    const still = await api(`${BROADCASTS}/${id}`, { key: a.key });
    expect(still.body.data.status).toBe("scheduled");
    expect(still.body.data.counts.pending).toBe(5);
  });

  it("another organization's contact ids and tags are never included, and answer as unknown ones do", async () => {
    const a = await readyBroadcaster();
    const b = await readyBroadcaster();
    const theirs = await contact(a.key, { tags: ["vip"], name: "Theirs" });
    const mine = await contact(b.key, { tags: ["regular"], name: "Mine" });

    const onlyTheirs = await createBroadcast(b.key, {
      name: "x",
      template: notice,
      audience: { contact_ids: [theirs.id] },
    });
    const onlyUnknown = await createBroadcast(b.key, {
      name: "x",
      template: notice,
      audience: { contact_ids: ["00000000-0000-4000-8000-000000000001"] },
    });
    expectError(onlyTheirs, 400, "VALIDATION_INVALID_FIELD");
    expect(onlyTheirs.body.error).toEqual(onlyUnknown.body.error);
    const theirTag = await createBroadcast(b.key, {
      name: "x",
      template: notice,
      audience: { tags: ["vip"] },
    });
    expect(theirTag.body.error).toEqual(onlyUnknown.body.error);

    const mixed = await createBroadcast(b.key, {
      name: "Mixed",
      template: notice,
      audience: { contact_ids: [theirs.id, mine.id], tags: ["vip", "regular"] },
    });
    expect(mixed.status, mixed.text).toBe(201);
    const rows = await allRecipients(b.key, mixed.body.data.id);
    expect(rows.map((r) => r.contactId)).toEqual([mine.id]);
  });

  it("an inline number that is another organization's contact becomes this organization's own contact", async () => {
    const a = await readyBroadcaster();
    const b = await readyBroadcaster();
    const theirs = await contact(a.key, { name: "Secret name", custom_fields: { plan: "gold" } });
    const res = await createBroadcast(b.key, {
      name: "Hi",
      template: {
        name: "order_shipped",
        language: { code: "en_US" },
        components: [
          { type: "header", parameters: [{ type: "text", text: "{{contact.custom_fields.plan|none}}" }] },
          {
            type: "body",
            parameters: [
              { type: "text", text: "{{contact.name|friend}}" },
              { type: "text", text: "1" },
            ],
          },
        ],
      },
      recipients: [{ to: theirs.phone }],
    });
    expect(res.status, res.text).toBe(201);
    const [row] = await allRecipients(b.key, res.body.data.id);
    expect(row.contactId).not.toBe(theirs.id);
    const own = await db().contact.findUniqueOrThrow({ where: { id: row.contactId } });
    expect(own).toMatchObject({ organizationId: b.orgId, phone: theirs.phone, name: null });
    const values = await db().broadcastRecipient.findFirstOrThrow({
      where: { broadcastId: res.body.data.id },
    });
    expect(values.values).toEqual([null, null]);
  });
});
