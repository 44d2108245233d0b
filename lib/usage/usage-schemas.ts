import { z } from "zod";
import { parseMicros } from "@/lib/usage/money";

export const USAGE_GROUPS = ["day", "category", "channel"] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];

/** The longest range one request covers (a year and a day, so "the last 365 days" fits). */
export const MAX_USAGE_DAYS = 366;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real UTC calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDay(v: string): boolean {
  return DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
}

const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => isCalendarDay(v), { message: `${label} is a UTC calendar day, YYYY-MM-DD` })
    .optional();

export const usageQuery = z
  .object({
    from: day("from").meta({ description: "First UTC day, YYYY-MM-DD (default: 29 days before `to`)" }),
    to: day("to").meta({ description: "Last UTC day, included, YYYY-MM-DD (default: today)" }),
    group_by: z
      .enum(USAGE_GROUPS)
      .default("day")
      .meta({ description: "One row per day, pricing category or channel" }),
    channel_id: z
      .uuid("channel_id is a channel's id (UUID)")
      .optional()
      .meta({ description: "Only this channel" }),
  })
  .meta({ id: "UsageQuery" });

export type UsageQuery = z.infer<typeof usageQuery>;

const counts = {
  messages: z
    .number()
    .int()
    .meta({ description: "Priced messages (delivered or sent and reported by Meta)" }),
  billable: z.number().int().meta({
    description:
      "Of which Meta bills (pricing type `regular`): from 2026-10-01 service replies and utility templates in the customer-service window too. Each message counts as Meta priced it on the day it was sent (the pricing of its status is stored with it)",
  }),
  free: z.number().int().meta({
    description:
      "Of which are free (`free_entry_point`; `free_customer_service` for service replies and in-window utility templates sent before 2026-10-01)",
  }),
  estimated_cost: z.string().nullable().meta({
    description:
      "Billable messages priced with the organization's rate card, in `currency` (decimal string); null without a rate card, or when no price matched any of the billable messages. An estimate: Meta's invoice is the authority.",
  }),
};

export const usageRowJson = z
  .object({
    key: z.string().meta({ description: "The day (YYYY-MM-DD), the pricing category, or the channel id" }),
    label: z.string().meta({ description: "What the dashboard shows for the key (a channel's name)" }),
    ...counts,
    by_category: z
      .record(z.string(), z.object({ messages: z.number().int(), billable: z.number().int() }))
      .meta({
        description:
          "The row's messages per pricing category (marketing, marketing_lite, utility, authentication, authentication_international, service, business_agent for Meta Business Agent's messages, …)",
      }),
  })
  .meta({ id: "UsageRow" });

export const usageJson = z
  .object({
    from: z.string(),
    to: z.string(),
    group_by: z.enum(USAGE_GROUPS),
    currency: z.string().meta({ description: "ISO 4217 code of the rate card" }),
    unpriced_billable: z.number().int().meta({
      description:
        "Billable messages no rate matched (no price for their category and country, nor a `*` price)",
    }),
    totals: z.object(counts),
    rows: z.array(usageRowJson),
  })
  .meta({ id: "Usage" });

export type UsageJson = z.infer<typeof usageJson>;
export type UsageRowJson = z.infer<typeof usageRowJson>;

/** The Usage page's filters: /v1's range and channel (the page shows every grouping at once). */
export const usagePageQuery = usageQuery.omit({ group_by: true }).extend({
  channel_id: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.uuid("channel_id is a channel's id").optional(),
  ),
});

/** The Usage page's figures: the same range grouped by day, by category and by channel. */
export type UsageOverviewJson = { by_day: UsageJson; by_category: UsageJson; by_channel: UsageJson };

/** The owner's rate card as the page shows and sends it (prices as decimal strings). */
export type RateCardJson = {
  currency: string;
  rates: { category: string; country: string; price: string }[];
};

/** At most this many prices on one rate card (categories × countries). */
export const MAX_RATES = 500;

const rate = z.object({
  category: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z_]{1,40}$/,
      "a pricing category, e.g. marketing, utility, authentication, service, business_agent",
    ),
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
