import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestChannel, createTestOrg, randomPhone } from "@/scripts/test/helpers";

type Bucket = {
  day: string;
  category: string;
  billable: boolean;
  pricing_type: string;
  country: string;
  n: number;
};

async function rollup(orgId: string): Promise<Bucket[]> {
  return db().$queryRaw<Bucket[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, category, billable, pricing_type, country, sum(count)::int AS n
    FROM usage_daily WHERE organization_id = ${orgId}::uuid
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(count) <> 0 ORDER BY 1, 2, 3, 4, 5`;
}

/** What the rollup must equal: the priced messages counted directly. */
async function counted(orgId: string): Promise<Bucket[]> {
  return db().$queryRaw<Bucket[]>`
    SELECT to_char(created_at::date, 'YYYY-MM-DD') AS day, pricing_category AS category,
           coalesce(pricing_billable, false) AS billable, coalesce(pricing_type, '') AS pricing_type,
           coalesce(pricing_country, '') AS country, count(*)::int AS n
    FROM messages WHERE organization_id = ${orgId}::uuid AND pricing_category IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`;
}

describe("usage_daily, the Usage page's rollup kept by a trigger on messages", () => {
  it("equals a count of the priced messages through inserts, repeated and changed pricing, and concurrent statuses", async () => {
    const { orgId } = await createTestOrg();
    const channel = await createTestChannel(orgId);
    const contact = await db().contact.create({ data: { organizationId: orgId, phone: randomPhone() } });
    const ids = await db().$queryRaw<{ id: string }[]>`
      INSERT INTO messages (id, organization_id, channel_id, contact_id, direction, type, content, status, created_at, updated_at)
      SELECT gen_random_uuid(), ${orgId}::uuid, ${channel.channelId}::uuid, ${contact.id}::uuid, 'outbound', 'template',
             '{}'::jsonb, 'sent', now() - (g % 3) * interval '1 day', now()
      FROM generate_series(1, 60) g RETURNING id::text`;
    // the first priced status of each, concurrently (as the worker applies statuses)
    await Promise.all(
      ids.map(({ id }, i) =>
        db().message.update({
          where: { id },
          data: {
            pricingCategory: i % 2 ? "marketing" : "utility",
            pricingBillable: i % 5 !== 0,
            pricingType: i % 5 !== 0 ? "regular" : "free_entry_point",
            pricingCountry: i % 3 ? "DE" : "IN",
          },
        }),
      ),
    );
    expect(await rollup(orgId)).toEqual(await counted(orgId));
    // later statuses repeat the same pricing (no change) or change it (moved, not counted twice)
    await Promise.all(
      ids.slice(0, 20).map(({ id }, i) =>
        db().message.update({
          where: { id },
          data:
            i % 2
              ? { pricingCategory: "utility" }
              : { status: "delivered", pricingBillable: true, pricingType: "regular" },
        }),
      ),
    );
    expect(await rollup(orgId)).toEqual(await counted(orgId));
    const total = (await rollup(orgId)).reduce((n, b) => n + b.n, 0);
    expect(total).toBe(60);
    // the hourly compaction folds finished days into one slot; a pricing that moves later stays right
    const { compactUsage } = await import("@/lib/usage/compact-usage");
    await compactUsage();
    const slots = await db().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM usage_daily
      WHERE organization_id = ${orgId}::uuid AND slot <> 0 AND day < (now() AT TIME ZONE 'UTC')::date`;
    expect(slots[0]?.n).toBe(0);
    expect(await rollup(orgId)).toEqual(await counted(orgId));
    const old = await db().$queryRaw<{ id: string }[]>`
      SELECT id::text FROM messages WHERE organization_id = ${orgId}::uuid AND created_at::date < now()::date LIMIT 5`;
    for (const { id } of old) {
      await db().message.update({
        where: { id },
        data: { pricingCategory: "authentication", pricingCountry: "BR" },
      });
    }
    expect(await rollup(orgId)).toEqual(await counted(orgId));
    await compactUsage();
    expect(await rollup(orgId)).toEqual(await counted(orgId));
    // usage stays when the contact (and so its messages) is deleted: it records what was billed
    await db().contact.delete({ where: { id: contact.id } });
    expect((await rollup(orgId)).reduce((n, b) => n + b.n, 0)).toBe(60);
  });
});
