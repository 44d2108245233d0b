/**
 * Creating a broadcast: the audience resolved into recipient rows (each contact once), skips
 * recorded with their reason, the counts, the lists. Sending is broadcasts.sending.test.ts.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  allRecipients,
  BROADCASTS,
  bodyText,
  createBroadcast,
  orderShipped,
  readyBroadcaster,
} from "@/scripts/test/broadcast-helpers";
import { api, randomPhone } from "@/scripts/test/helpers";

async function contact(key: string, body: Record<string, unknown>) {
  const res = await api("/v1/contacts", { method: "POST", key, body: { phone: randomPhone(), ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("POST /v1/whatsapp/broadcasts", () => {
  it("resolves tags minus exclude_tags and contact ids into recipients, each contact once, oldest first", async () => {
    const b = await readyBroadcaster();
    const ana = await contact(b.key, { name: "Ana", tags: ["vip"] });
    const bo = await contact(b.key, { name: "Bo", tags: ["vip", "churned"] });
    const cy = await contact(b.key, { name: "Cy", tags: ["news"] });
    await contact(b.key, { name: "Di" });
    const res = await createBroadcast(b.key, {
      name: "Order ready",
      template: orderShipped("A-1", "{{contact.name|there}}", "{{contact.custom_fields.order|soon}}"),
      audience: { tags: ["vip", "news"], exclude_tags: ["churned"], contact_ids: [ana.id, cy.id] },
    });
    expect(res.status, res.text).toBe(201);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(
      [
        "channelId",
        "completedAt",
        "counts",
        "createdAt",
        "id",
        "name",
        "pause",
        "scheduledAt",
        "startedAt",
        "status",
        "template",
      ].sort(),
    );
    expect(data.id).toMatch(UUID_RE);
    expect(data).toMatchObject({
      name: "Order ready",
      channelId: b.channel.channelId,
      template: { name: "order_shipped", language: "en_US" },
      scheduledAt: null,
    });
    expect(["running", "completed"]).toContain(data.status);
    expect(data.counts.total).toBe(2);
    expect(data.counts.skipped).toBe(0);
    expect(data.pause).toBeNull();
    const rows = await allRecipients(b.key, data.id);
    expect(rows.map((r) => r.contactId)).toEqual([ana.id, cy.id]);
    expect(rows.map((r) => r.to)).toEqual([ana.phone, cy.phone]);
    expect(rows.some((r) => r.contactId === bo.id)).toBe(false);
  });

  it("inline recipients: unknown numbers become contacts; invalid, repeated and unfilled ones are skipped with a reason", async () => {
    const b = await readyBroadcaster();
    const known = await contact(b.key, { name: "Known" });
    const fresh = randomPhone();
    const res = await createBroadcast(b.key, {
      name: "Codes",
      template: orderShipped("Code", "{{contact.name|friend}}", "{{variables.code}}"),
      recipients: [
        { to: known.phone, variables: { code: "K-1" } },
        { to: fresh.slice(1), variables: { code: 42 } },
        { to: "0415 555 0123", variables: { code: "x" } },
        { to: known.phone, variables: { code: "again" } },
        { to: randomPhone() },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.counts).toMatchObject({ total: 5, skipped: 3 });
    const rows = await allRecipients(b.key, res.body.data.id);
    expect(rows.map((r) => [r.to, r.skipReason])).toEqual([
      [known.phone, null],
      [fresh, null],
      ["0415 555 0123", "invalid_phone"],
      [known.phone, "duplicate"],
      [rows[4]?.to, "missing_variable"],
    ]);
    expect(rows[2].contactId).toBeNull();
    expect(rows.filter((r) => r.status === "skipped")).toHaveLength(3);
    const created = await db().contact.findFirst({ where: { organizationId: b.orgId, phone: fresh } });
    expect(created?.id).toBe(rows[1].contactId);
    const events = await db().event.findMany({
      where: { organizationId: b.orgId, name: "contact.created", data: { path: ["phone"], equals: fresh } },
    });
    expect(events).toHaveLength(1);
  });

  it("marketing templates skip opted-out contacts; utility templates do not", async () => {
    const b = await readyBroadcaster();
    const out = await contact(b.key, { name: "Out", tags: ["all"] });
    await contact(b.key, { name: "In", tags: ["all"] });
    await db().contact.update({ where: { id: out.id }, data: { marketingOptOut: true } });
    const marketing = await createBroadcast(b.key, {
      name: "Promo",
      template: {
        name: "welcome_named",
        language: { code: "en_US" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", parameter_name: "first_name", text: "{{contact.name}}" },
              { type: "text", parameter_name: "code", text: "SUMMER" },
            ],
          },
        ],
      },
      audience: { tags: ["all"] },
    });
    expect(marketing.status, marketing.text).toBe(201);
    const rows = await allRecipients(b.key, marketing.body.data.id, "skipped");
    expect(rows.map((r) => [r.contactId, r.skipReason])).toEqual([[out.id, "opted_out"]]);
    const utility = await createBroadcast(b.key, {
      name: "Notice",
      template: { name: "plain_notice", language: { code: "en_US" } },
      audience: { tags: ["all"] },
    });
    expect(utility.body.data.counts).toMatchObject({ total: 2, skipped: 0 });
  });

  it("a broadcast scheduled for later waits as scheduled; lists are newest first with meta", async () => {
    const b = await readyBroadcaster();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const first = await createBroadcast(b.key, {
      name: "Later",
      template: { name: "plain_notice", language: { code: "en_US" } },
      recipients: [{ to: randomPhone() }],
      scheduled_at: at,
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ status: "scheduled", scheduledAt: at, startedAt: null });
    const second = await createBroadcast(b.key, {
      name: "Now",
      template: {
        name: "order_shipped",
        language: { code: "en_US" },
        components: orderShipped("H", "x", "y").components,
      },
      recipients: [{ to: randomPhone() }],
    });
    expect(second.status, second.text).toBe(201);
    const list = await api(`${BROADCASTS}?per_page=1`, { key: b.key });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ page: 1, per_page: 1, total: 2, has_more: true });
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([second.body.data.id]);
    const one = await api(`${BROADCASTS}/${first.body.data.id}`, { key: b.key });
    expect(one.body.data).toEqual(first.body.data);
  });

  it("accepts 10,000 inline recipients with variables in one request", async () => {
    const b = await readyBroadcaster();
    // valid US numbers: area code 415, a random exchange (2xx–9xx, never an N11 code) and every
    // line number; a random offset could land on an invalid exchange and skip them all
    let exchange = 220 + Math.floor(Math.random() * 770);
    if (exchange % 100 === 11) exchange += 1;
    const recipients = Array.from({ length: 10_000 }, (_, i) => ({
      to: `+1415${exchange}${String(i).padStart(4, "0")}`,
      variables: { first: `Customer ${i}`, code: `C-${String(i).padStart(6, "0")}`, city: "Lisboa" },
    }));
    // scheduled for tomorrow, then cancelled: 10,000 sends would keep the shared stack's worker
    // (and every test waiting on it) busy for minutes
    const res = await createBroadcast(b.key, {
      name: "Big",
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      template: {
        name: "order_shipped",
        language: { code: "en_US" },
        components: [
          { type: "header", parameters: [{ type: "text", text: "{{variables.city}}" }] },
          ...bodyText("{{variables.first}}", "{{variables.code}}"),
        ],
      },
      recipients,
    });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    expect(res.body.data.counts).toMatchObject({ total: 10_000, skipped: 0, pending: 10_000 });
    const contacts = await db().contact.count({ where: { organizationId: b.orgId } });
    expect(contacts).toBe(10_000);
    const cancelled = await api(`${BROADCASTS}/${res.body.data.id}/cancel`, { method: "POST", key: b.key });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.counts).toMatchObject({ skipped: 10_000, pending: 0 });
  }, 120_000);
});
