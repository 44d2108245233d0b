import "#server-only";
import { db } from "@/lib/db";
import { formatMicros, parseMicros } from "@/lib/usage/money";
import type { RateCardBody, RateCardJson } from "@/lib/usage/usage-schemas";

export async function getRateCard(organizationId: string): Promise<RateCardJson> {
  const [org, rates] = await Promise.all([
    db().organization.findUnique({ where: { id: organizationId }, select: { usageCurrency: true } }),
    db().usageRate.findMany({
      where: { organizationId },
      orderBy: [{ category: "asc" }, { country: "asc" }],
    }),
  ]);
  return {
    currency: org?.usageCurrency ?? "USD",
    rates: rates.map((r) => ({
      category: r.category,
      country: r.country,
      price: formatMicros(r.priceMicros),
    })),
  };
}

/**
 * Replaces the rate card (the owner's own prices: Meta's rates change and differ by contract):
 * one transaction, so the Usage page never prices with half a card. An empty list removes it.
 */
export async function setRateCard(organizationId: string, body: RateCardBody): Promise<RateCardJson> {
  await db().$transaction([
    db().organization.update({ where: { id: organizationId }, data: { usageCurrency: body.currency } }),
    db().usageRate.deleteMany({ where: { organizationId } }),
    db().usageRate.createMany({
      data: body.rates.map((r) => ({
        organizationId,
        category: r.category,
        country: r.country,
        priceMicros: parseMicros(r.price) ?? 0n,
      })),
    }),
  ]);
  return getRateCard(organizationId);
}
