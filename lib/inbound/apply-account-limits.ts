import "#server-only";
import { z } from "zod";
import { recordMessagingLimit, recordPricingTier } from "@/lib/channels/repository";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";

/**
 * WABA-level fields the product records on its channels (issue 30 part 5): what the account may
 * send (`business_capability_update`) and the volume-based pricing tiers it reached
 * (`account_update` with event `VOLUME_BASED_PRICING_TIER_UPDATE`). Every other `account_update`
 * event, and a value we cannot read, goes the unprocessed way (lib/inbound/record-unprocessed.ts).
 */
export const ACCOUNT_FIELDS: ReadonlySet<string> = new Set(["account_update", "business_capability_update"]);

const count = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d{1,12}$/)
    .transform(Number),
]);

/**
 * Meta's "business_capability_update webhook reference" (updated 2026-05-21),
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/business_capability_update/:
 * `{max_daily_conversations_per_business, max_phone_numbers_per_business, max_phone_numbers_per_waba}`,
 * and the deprecated `max_daily_conversation_per_phone` ("removed in February, 2026", read only
 * when the new one is missing). Integers in the reference; other providers show them as strings,
 * so both are read. "Messaging limits",
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits:
 * the limit is the business portfolio's (shared by its numbers since October 2025; the number's
 * `messaging_limit_tier` is deprecated), unique customers in 24 hours outside the service window;
 * 250, 2000, 10000, 100000, or -1 for unlimited.
 */
const capabilityValue = z
  .object({
    max_daily_conversations_per_business: count.optional(),
    max_daily_conversation_per_phone: count.optional(),
    max_phone_numbers_per_business: count.optional(),
    max_phone_numbers_per_waba: count.optional(),
  })
  .loose()
  .refine(
    (v) =>
      v.max_daily_conversations_per_business !== undefined ||
      v.max_daily_conversation_per_phone !== undefined,
  );

/**
 * Meta's "account_update webhook reference" (updated 2026-04-20),
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/account_update
 * (trigger: "A WhatsApp Business Account's volume-based pricing tier" changes); the keys of
 * `volume_tier_info` are those of the payload quoted in Gupshup's partner docs,
 * https://partner-docs.gupshup.io/docs/tier-based-pricing-1 (no page of Meta's we could read shows
 * them): one tier per pricing category and market, effective for a month.
 */
const tierValue = z
  .object({
    event: z.literal("VOLUME_BASED_PRICING_TIER_UPDATE"),
    volume_tier_info: z
      .object({
        pricing_category: z.string().min(1).max(60),
        region: z.string().min(1).max(100),
        tier: z.string().min(1).max(60),
        effective_month: z.string().max(20).optional(),
        tier_update_time: count.optional(),
      })
      .loose(),
  })
  .loose();

/** A pricing tier as kept on a channel (channels.pricing_tiers) and shown by the API. */
export type PricingTier = {
  pricing_category: string;
  region: string;
  tier: string;
  effective_month: string | null;
  updated_at: string;
};

/**
 * Records an `account_update` tier change or a `business_capability_update` on every active
 * channel of the entry's WABA in the organization of its oldest active channel (`channelOfWaba`,
 * found by the caller before an organization is known: a WABA is active in one organization at
 * most, migration hardening_round_3, so no other organization's channel is touched; the limit is
 * the business portfolio's, so each of the WABA's numbers shows it). A change older than the one recorded
 * (the entry's `time`, else the tier's `tier_update_time`) leaves it as it is: notifications may
 * arrive out of order. Answers false for a change to go the unprocessed way (another event, a
 * value we cannot read, no WABA id).
 *
 * No event is emitted (our decision): the product declares no channel events yet; the values are
 * on the channel's JSON (GET /v1/whatsapp/channels) and the dashboard's Channels page.
 */
export async function applyAccountChange(
  change: {
    wabaId: string | undefined;
    field: string;
    value: unknown;
    /** the entry's `time` (Unix seconds), when it has one */
    time: unknown;
  },
  channelOfWaba: (wabaId: string) => Promise<Channel | null>,
): Promise<boolean> {
  const wabaId = change.wabaId;
  if (!wabaId) return false;
  // read once a change is known to be one of ours (another goes the unprocessed way)
  const organizationOf = async () => (await channelOfWaba(wabaId))?.organizationId ?? null;
  const entryTime = typeof change.time === "number" && Number.isFinite(change.time) ? change.time : undefined;
  if (change.field === "business_capability_update") {
    const parsed = capabilityValue.safeParse(change.value);
    if (!parsed.success) return false;
    const v = parsed.data;
    const limit = (v.max_daily_conversations_per_business ?? v.max_daily_conversation_per_phone) as number;
    const at = secondsToDate(entryTime);
    const capabilities = JSON.stringify({
      max_phone_numbers_per_business: v.max_phone_numbers_per_business ?? null,
      max_phone_numbers_per_waba: v.max_phone_numbers_per_waba ?? null,
    });
    const organizationId = await organizationOf();
    const n = organizationId
      ? await recordMessagingLimit(organizationId, wabaId, { limit, capabilities, at })
      : 0;
    logApplied(change, n);
    return true;
  }
  if (change.field === "account_update") {
    const parsed = tierValue.safeParse(change.value);
    if (!parsed.success) return false;
    const info = parsed.data.volume_tier_info;
    const at = secondsToDate(info.tier_update_time ?? entryTime);
    const category = info.pricing_category.toLowerCase();
    const tier: PricingTier = {
      pricing_category: category,
      region: info.region,
      tier: info.tier,
      effective_month: info.effective_month ?? null,
      updated_at: at.toISOString(),
    };
    // the channel's tier of that category and market is replaced, unless it is newer
    const organizationId = await organizationOf();
    const stored = { category, region: info.region, json: JSON.stringify(tier), at };
    const n = organizationId ? await recordPricingTier(organizationId, wabaId, stored) : 0;
    logApplied(change, n);
    return true;
  }
  return false;
}

function secondsToDate(seconds: number | undefined): Date {
  if (seconds === undefined) return new Date();
  const d = new Date(seconds * 1000);
  return Number.isNaN(d.getTime()) ? new Date() : d;
}

function logApplied(change: { wabaId: string | undefined; field: string }, channels: number): void {
  if (channels === 0) {
    // no active channel of the WABA (or an older change): kept in the stored notification only
    logger.info(
      { wabaId: change.wabaId, field: change.field },
      "account notification recorded on no channel",
    );
  }
}
