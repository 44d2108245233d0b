import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { pruneEvents } from "@/lib/maintenance/prune-events";
import { api, createTestOrg, pollUntil, randomPhone } from "@/scripts/test/helpers";
import { openApiValidator } from "@/scripts/test/openapi-validator";
import { registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

const DAY = 86_400_000;

async function newContacts(key: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await api("/v1/contacts", {
      method: "POST",
      key,
      body: { phone: randomPhone(), name: `C${i}` },
    });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.data.id);
  }
  return ids;
}

describe("GET /v1/events", () => {
  it("lists the organization's events newest first, each the envelope its delivery carries with the event's id", async () => {
    const hook = await TestReceiver.start();
    try {
      const { key } = await createTestOrg();
      await registerWebhook(key, hook.url, { events: ["contact.created"] });
      const [first, second] = await newContacts(key, 2);
      const res = await api("/v1/events", { key });
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 2, has_more: false });
      const [newest, oldest] = res.body.data;
      expect(newest.data.contactId).toBe(second);
      expect(oldest.data.contactId).toBe(first);
      expect(Object.keys(newest).sort()).toEqual(["data", "event", "id", "organization_id", "timestamp"]);
      const validator = openApiValidator((await api("/v1/openapi.json")).body);
      expect(validator.schema({ $ref: "#/components/schemas/Event" }, newest)).toEqual([]);

      // what the delivery carried is the same envelope, but for `id` (the delivery's)
      const received = await pollUntil(
        async () => hook.received,
        (r) => r.length >= 2,
      );
      const delivered = received.find((r) => r.body.data.contactId === second);
      expect({ ...delivered?.body, id: newest.id }).toEqual(newest);

      const detail = await api(`/v1/events/${newest.id}`, { key });
      expect(detail.status, detail.text).toBe(200);
      expect(detail.body.data).toMatchObject({ ...newest });
      expect(detail.body.data.deliveries).toEqual([
        expect.objectContaining({ id: delivered?.deliveryId, status: "succeeded", attempt_count: 1 }),
      ]);
      // EventDetail is allOf [Event, { deliveries }]: each part checked closed on its own
      const { deliveries, ...envelope } = detail.body.data;
      expect(validator.schema({ $ref: "#/components/schemas/Event" }, envelope)).toEqual([]);
      const list = { type: "array", items: { $ref: "#/components/schemas/EventDelivery" } };
      expect(validator.schema(list, deliveries)).toEqual([]);
    } finally {
      await hook.down();
    }
  });

  it("filters by type, pages with page/per_page, and catches up with after (an event id or a time)", async () => {
    const { key } = await createTestOrg();
    const ids = await newContacts(key, 5);
    const page = await api("/v1/events?type=contact.created&per_page=2&page=2", { key });
    expect(page.status, page.text).toBe(200);
    expect(page.body.meta).toEqual({ page: 2, per_page: 2, total: 5, has_more: true });
    expect(page.body.data.map((e: { data: { contactId: string } }) => e.data.contactId)).toEqual([
      ids[2],
      ids[1],
    ]);
    expect((await api("/v1/events?type=contact.updated", { key })).body.data).toEqual([]);

    const all = (await api("/v1/events", { key })).body.data;
    const third = all[2];
    const after = await api(`/v1/events?after=${third.id}`, { key });
    expect(after.body.data.map((e: { id: string }) => e.id)).toEqual([all[0].id, all[1].id]);
    const since = await api(`/v1/events?after=${encodeURIComponent(third.timestamp)}`, { key });
    expect(since.body.data.map((e: { id: string }) => e.id)).toEqual([all[0].id, all[1].id]);
  });

  it("keeps EVENT_RETENTION_DAYS (30) of events: older ones are neither listed nor kept by the prune", async () => {
    const { key, orgId } = await createTestOrg();
    const [contactId] = await newContacts(key, 1);
    const data = {
      contactId,
      phone: null,
      name: null,
      email: null,
      channelId: null,
      timestamp: new Date().toISOString(),
    };
    const old = await db().event.create({
      data: {
        organizationId: orgId,
        name: "contact.created",
        data,
        createdAt: new Date(Date.now() - 31 * DAY),
      },
    });
    const kept = await db().event.create({
      data: {
        organizationId: orgId,
        name: "contact.created",
        data,
        createdAt: new Date(Date.now() - 29 * DAY),
      },
    });
    const listed = (await api("/v1/events", { key })).body.data.map((e: { id: string }) => e.id);
    expect(listed).toContain(kept.id);
    expect(listed).not.toContain(old.id);
    expect((await api(`/v1/events/${old.id}`, { key })).status).toBe(404);

    // the rows, not the count: another prune (the worker's hourly one, lib/maintenance/prune.test.ts)
    // may take the old event first, and the outcome is the same
    await pruneEvents();
    expect(await db().event.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await db().event.findUnique({ where: { id: kept.id } })).not.toBeNull();
  });
});
