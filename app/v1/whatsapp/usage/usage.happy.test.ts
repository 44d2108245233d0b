import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, eventually, randomPhone } from "@/scripts/test/helpers";
import { readySender, send, waitForStatus, waitForTemplateSync } from "@/scripts/test/send-helpers";

const PROMO = {
  name: "winter_promo",
  language: "en_US",
  status: "APPROVED",
  category: "MARKETING",
  components: [{ type: "BODY", text: "Winter sale." }],
};

const today = () => new Date().toISOString().slice(0, 10);

describe("GET /v1/whatsapp/usage: every message as Meta priced it", () => {
  it("counts sends by day, category and channel, billable and free, from the status notifications' pricing", async () => {
    const s = await readySender({ templates: [PROMO] });
    await waitForTemplateSync(s.channel.channelId);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await send(s.key, {
        to: randomPhone(),
        type: "template",
        template: { name: "winter_promo", language: { code: "en_US" } },
      });
      expect(res.status, res.text).toBe(200);
      ids.push(res.body.data.messageId);
    }
    const reply = await send(s.key, { to: s.to, type: "text", text: { body: "service reply" } });
    ids.push(reply.body.data.messageId);
    for (const id of ids) await waitForStatus(id, ["delivered", "read"]);
    await eventually(
      async () =>
        (await db().message.count({ where: { id: { in: ids }, pricingCategory: { not: null } } })) === 3,
    );

    const byDay = await api(`/v1/whatsapp/usage?from=${today()}&to=${today()}&group_by=day`, { key: s.key });
    expect(byDay.status, byDay.text).toBe(200);
    expect(byDay.body.data).toEqual({
      from: today(),
      to: today(),
      group_by: "day",
      currency: "USD",
      unpriced_billable: 0,
      totals: { messages: 3, billable: 3, free: 0, estimated_cost: null },
      rows: [
        {
          key: today(),
          label: today(),
          messages: 3,
          billable: 3,
          free: 0,
          estimated_cost: null,
          by_category: { marketing: { messages: 2, billable: 2 }, service: { messages: 1, billable: 1 } },
        },
      ],
    });
    const byCategory = await api(`/v1/whatsapp/usage?group_by=category`, { key: s.key });
    expect(
      byCategory.body.data.rows.map((r: { key: string; messages: number }) => [r.key, r.messages]),
    ).toEqual([
      ["marketing", 2],
      ["service", 1],
    ]);
    const byChannel = await api(`/v1/whatsapp/usage?group_by=channel&channel_id=${s.channel.channelId}`, {
      key: s.key,
    });
    expect(byChannel.body.data.rows).toEqual([
      expect.objectContaining({
        key: s.channel.channelId,
        label: `channel ${s.channel.phoneNumberId}`,
        messages: 3,
      }),
    ]);
    // the default range is the last 30 days, every day a row
    const month = await api("/v1/whatsapp/usage", { key: s.key });
    expect(month.body.data.rows).toHaveLength(30);
    expect(month.body.data.rows.at(-1).key).toBe(today());
  });

  it("with the owner's rate card: an exact estimated cost per row, and the billable messages no price matched", async () => {
    const s = await readySender();
    // priced messages as the status trigger records them: country from the number
    await db().$executeRaw`
      INSERT INTO messages (id, organization_id, channel_id, contact_id, direction, type, content, status,
                            pricing_category, pricing_billable, pricing_type, pricing_country, created_at, updated_at)
      SELECT gen_random_uuid(), ${s.orgId}::uuid, ${s.channel.channelId}::uuid, c.id, 'outbound', 'template', '{}'::jsonb, 'delivered',
             v.category, v.billable, v.ptype, v.country, now(), now()
      FROM contacts c, (VALUES ('marketing', true, 'regular', 'DE'), ('marketing', true, 'regular', 'DE'),
                               ('marketing', true, 'regular', 'BR'), ('utility', true, 'regular', 'DE'),
                               ('marketing', false, 'free_entry_point', 'DE')) AS v(category, billable, ptype, country)
      WHERE c.organization_id = ${s.orgId}::uuid`;
    await db().usageRate.createMany({
      data: [
        { organizationId: s.orgId, category: "marketing", country: "DE", priceMicros: 136_500n },
        { organizationId: s.orgId, category: "marketing", country: "*", priceMicros: 62_500n },
      ],
    });
    await db().organization.update({ where: { id: s.orgId }, data: { usageCurrency: "EUR" } });
    const res = await api(`/v1/whatsapp/usage?from=${today()}&to=${today()}&group_by=category`, {
      key: s.key,
    });
    expect(res.body.data).toMatchObject({
      currency: "EUR",
      // the utility message has no price: counted, not priced
      unpriced_billable: 1,
      totals: { messages: 5, billable: 4, free: 1, estimated_cost: "0.3355" },
      rows: [
        { key: "marketing", messages: 4, billable: 3, free: 1, estimated_cost: "0.3355" },
        // no price for it: no estimate (rather than a misleading 0.00)
        { key: "utility", messages: 1, billable: 1, free: 0, estimated_cost: null },
      ],
    });
  });
});
