import "#server-only";
import { formatMicros, parseMicros } from "@/lib/usage/money";
import { listRates, replaceRates, usageCurrency } from "@/lib/usage/repository";
import type { RateCardBody, RateCardJson } from "@/lib/usage/usage-schemas";

export async function getRateCard(organizationId: string): Promise<RateCardJson> {
  const [currency, rates] = await Promise.all([usageCurrency(organizationId), listRates(organizationId)]);
  return {
    currency,
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
  await replaceRates(
    organizationId,
    body.currency,
    body.rates.map((r) => ({
      category: r.category,
      country: r.country,
      priceMicros: parseMicros(r.price) ?? 0n,
    })),
  );
  return getRateCard(organizationId);
}
