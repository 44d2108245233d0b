import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { deliver } from "@/sandbox/notify/deliver";
import { phoneNumbersOfWaba } from "@/sandbox/state";

/**
 * WABA-level notifications about what the account may send and what it pays, posted on demand:
 *
 * - `account_update` with event `VOLUME_BASED_PRICING_TIER_UPDATE`: the WABA moved to another
 *   volume-based pricing tier of a pricing category in a market. Meta's "account_update webhook
 *   reference" (updated 2026-04-20)
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/account_update
 *   lists the trigger ("A WhatsApp Business Account's volume-based pricing tier …"); the value's keys
 *   (`volume_tier_info: {effective_month, pricing_category, region, tier, tier_update_time}`) are
 *   those of the payload Gupshup's partner docs quote from Meta
 *   (https://partner-docs.gupshup.io/docs/tier-based-pricing-1).
 * - `business_capability_update`: the business portfolio's limits changed. Meta's
 *   "business_capability_update webhook reference" (updated 2026-05-21)
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/business_capability_update/
 *   gives `{max_daily_conversations_per_business, max_phone_numbers_per_business,
 *   max_phone_numbers_per_waba}` (`max_daily_conversation_per_phone` was removed in February 2026,
 *   so the sandbox sends it only when asked); "Messaging limits"
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits
 *   gives the values (250, 2000, 10000, 100000, -1 unlimited) and the portfolio scope.
 *
 * Both have no `metadata`: the entry's id is the WABA. Either control takes the WABA, or a phone
 * number whose WABA it is.
 */
const target = {
  waba_id: z.string().min(1).optional(),
  phone_number_id: z.string().min(1).optional(),
};

const tierBody = z
  .strictObject({
    ...target,
    pricing_category: z
      .enum(["MARKETING", "UTILITY", "AUTHENTICATION", "AUTHENTICATION_INTERNATIONAL", "SERVICE"])
      .default("UTILITY"),
    region: z.string().min(1).max(100).default("INDIA"),
    tier: z
      .string()
      .regex(/^\d+:(\d+)?$/, "a range like 25000001:50000000")
      .default("25000001:50000000"),
    effective_month: z
      .string()
      .regex(/^\d{4}-\d{2}$/, "YYYY-MM")
      .optional(),
    tier_update_time: z.number().int().positive().optional(),
  })
  .refine((b) => b.waba_id !== undefined || b.phone_number_id !== undefined, {
    message: "waba_id or phone_number_id is required",
    path: ["waba_id"],
  });

const limitBody = z
  .strictObject({
    ...target,
    max_daily_conversations_per_business: z.union([
      z.literal(250),
      z.literal(2000),
      z.literal(10000),
      z.literal(100000),
      z.literal(-1),
    ]),
    max_phone_numbers_per_business: z.number().int().min(1).default(2),
    max_phone_numbers_per_waba: z.number().int().min(1).default(2),
    /** removed by Meta in February 2026; sent only when given */
    max_daily_conversation_per_phone: z.number().int().optional(),
  })
  .refine((b) => b.waba_id !== undefined || b.phone_number_id !== undefined, {
    message: "waba_id or phone_number_id is required",
    path: ["waba_id"],
  });

function wabaOf(ctx: Ctx, body: { waba_id?: string; phone_number_id?: string }): string {
  if (!ctx.state.app) throw controlError(409, "No app registered: PUT /_sandbox/app first.");
  if (body.phone_number_id !== undefined) {
    const number = ctx.state.phoneNumbers.get(body.phone_number_id);
    if (!number) {
      throw controlError(
        404,
        `Unknown phone_number_id ${body.phone_number_id}: PUT /_sandbox/phone-numbers/{id} first.`,
      );
    }
    if (body.waba_id !== undefined && body.waba_id !== number.waba_id) {
      throw controlError(
        400,
        `phone_number_id ${number.id} belongs to WABA ${number.waba_id}, not ${body.waba_id}.`,
      );
    }
    return number.waba_id;
  }
  const wabaId = body.waba_id as string;
  if (phoneNumbersOfWaba(ctx.state, wabaId).length === 0) {
    throw controlError(404, `No phone number of WABA ${wabaId}: PUT /_sandbox/phone-numbers/{id} first.`);
  }
  return wabaId;
}

function wabaNotification(wabaId: string, field: string, value: Record<string, unknown>, time: number) {
  return {
    object: "whatsapp_business_account",
    entry: [{ id: wabaId, time, changes: [{ value, field }] }],
  };
}

/** POST /_sandbox/pricing-tier: `account_update` VOLUME_BASED_PRICING_TIER_UPDATE for the WABA. */
export async function postPricingTier(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(tierBody, req);
  const wabaId = wabaOf(ctx, body);
  const now = Math.floor(Date.now() / 1000);
  const value = {
    event: "VOLUME_BASED_PRICING_TIER_UPDATE",
    volume_tier_info: {
      effective_month: body.effective_month ?? new Date().toISOString().slice(0, 7),
      pricing_category: body.pricing_category,
      region: body.region,
      tier: body.tier,
      tier_update_time: body.tier_update_time ?? now,
    },
  };
  const delivery = await deliver(ctx, wabaNotification(wabaId, "account_update", value, now));
  return json(200, {
    waba_id: wabaId,
    value,
    status: delivery.status,
    ...(delivery.error ? { error: delivery.error } : {}),
  });
}

/** POST /_sandbox/messaging-limit: `business_capability_update` with the portfolio's new limits. */
export async function postMessagingLimit(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(limitBody, req);
  const wabaId = wabaOf(ctx, body);
  const now = Math.floor(Date.now() / 1000);
  const value: Record<string, unknown> = {
    max_daily_conversations_per_business: body.max_daily_conversations_per_business,
    max_phone_numbers_per_business: body.max_phone_numbers_per_business,
    max_phone_numbers_per_waba: body.max_phone_numbers_per_waba,
  };
  if (body.max_daily_conversation_per_phone !== undefined) {
    value.max_daily_conversation_per_phone = body.max_daily_conversation_per_phone;
  }
  const delivery = await deliver(ctx, wabaNotification(wabaId, "business_capability_update", value, now));
  return json(200, {
    waba_id: wabaId,
    value,
    status: delivery.status,
    ...(delivery.error ? { error: delivery.error } : {}),
  });
}
