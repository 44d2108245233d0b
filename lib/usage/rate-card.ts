import "#server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { formatMicros, parseMicros } from "@/lib/usage/money";
import type { RateCardJson } from "@/lib/usage/usage-schemas";

/** At most this many prices on one rate card (categories × countries). */
export const MAX_RATES = 500;

const rate = z.object({
  category: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z_]{1,40}$/, "a pricing category, e.g. marketing, utility, authentication, service"),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2}|\*)$/, "a two-letter country code (ISO 3166-1), or * for every other country"),
  price: z
    .string()
    .trim()
    .refine((v) => parseMicros(v) !== null, "a price per message, e.g. 0.0625 (up to 6 decimals)"),
});

export const rateCardBody = z.object({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "a three-letter currency code, e.g. USD"),
  rates: z
    .array(rate)
    .max(MAX_RATES, `at most ${MAX_RATES} prices`)
    .refine(
      (rates) => new Set(rates.map((r) => `${r.category}/${r.country}`)).size === rates.length,
      "one price per category and country",
    ),
});

export type RateCardBody = z.infer<typeof rateCardBody>;

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
