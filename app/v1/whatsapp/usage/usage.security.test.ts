import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestChannel, createTestOrg, randomPhone } from "@/scripts/test/helpers";

const today = () => new Date().toISOString().slice(0, 10);

async function pricedMessages(orgId: string, channelId: string, n: number) {
  const contact = await db().contact.create({ data: { organizationId: orgId, phone: randomPhone() } });
  await db().$executeRaw`
    INSERT INTO messages (id, organization_id, channel_id, contact_id, direction, type, content, status,
                          pricing_category, pricing_billable, pricing_type, created_at, updated_at)
    SELECT gen_random_uuid(), ${orgId}::uuid, ${channelId}::uuid, ${contact.id}::uuid, 'outbound', 'template', '{}'::jsonb,
           'delivered', 'marketing', true, 'regular', now(), now()
    FROM generate_series(1, ${n})`;
}

describe("GET /v1/whatsapp/usage: tenants", () => {
  it("two organizations: each sees its own counts only, and another's channel_id filters to nothing", async () => {
    const a = await createTestOrg();
    const b = await createTestOrg();
    const channelA = await createTestChannel(a.orgId);
    const channelB = await createTestChannel(b.orgId);
    await pricedMessages(a.orgId, channelA.channelId, 3);
    await pricedMessages(b.orgId, channelB.channelId, 7);
    const mine = await api(`/v1/whatsapp/usage?from=${today()}&to=${today()}`, { key: a.key });
    expect(mine.body.data.totals.messages).toBe(3);
    const theirs = await api(
      `/v1/whatsapp/usage?from=${today()}&to=${today()}&group_by=channel&channel_id=${channelB.channelId}`,
      {
        key: a.key,
      },
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.totals.messages).toBe(0);
    expect(theirs.body.data.rows).toEqual([]);
    // B's rate card never prices A's usage
    await db().usageRate.create({
      data: { organizationId: b.orgId, category: "marketing", country: "*", priceMicros: 1_000_000n },
    });
    const unpriced = await api(`/v1/whatsapp/usage?from=${today()}&to=${today()}`, { key: a.key });
    expect(unpriced.body.data.totals.estimated_cost).toBeNull();
  });
});
