import { z } from "zod";
import { effectiveThroughput } from "@/lib/channels/effective-throughput";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/** A sync that failed: when, and why. */
const syncFailure = z.object({
  at: z.iso.datetime().meta({ description: "When the sync failed (the latest of its tries)" }),
  error: z.string().meta({
    description: "The Graph API's code and message, or how reaching it failed",
  }),
});

export const channelJson = z
  .object({
    id: z.uuid(),
    name: z.string(),
    phone_number_id: z.string(),
    waba_id: z.string(),
    display_phone_number: z.string().nullable(),
    status: z.enum(["active", "inactive"]),
    throughput_per_second: z.number().int().meta({
      description:
        "Messages a second the upstream takes from the number (20, Meta's fixed pace, for a coexistence number)",
    }),
    coexistence: z.boolean().meta({
      description:
        "Additive: the number is shared with the WhatsApp Business app (staff also answer from the phone)",
    }),
    marketing_messages_api: z.boolean().meta({
      description:
        "Additive: MARKETING templates go through Meta's Marketing Messages API (with the Cloud API as fallback)",
    }),
    last_active_at: z.iso.datetime().nullable(),
    templates_synced_at: z.iso.datetime().nullable(),
    needs_new_token: z.boolean().meta({
      description:
        "The Graph API refused the channel's access token (error 190) during a template sync; an owner or admin gives a new one in the dashboard",
    }),
    routing: z
      .object({
        roles: z.array(z.string()).meta({
          description:
            "This business's roles on the number under WhatsApp's conversation routing, as WhatsApp's Routing Roles API last said: `primary` (of entry points), `escalation_partner` (may take conversations); `[\"primary\"]` alone on a number nobody else answers",
        }),
        is_standby: z.boolean().meta({
          description: "Conversations another responder owns still arrive (WhatsApp's `standby`)",
        }),
        checked_at: z.iso.datetime().nullable().meta({
          description: "When the roles were last read (with each template sync); null: never",
        }),
        error: z.string().nullable().meta({ description: "Why the last read failed; null while it works" }),
      })
      .meta({
        description:
          "Additive: conversation routing (a number shared with another responder, e.g. Meta Business Agent)",
      }),
    messaging_limit: z
      .object({
        daily_customers: z.number().int().nullable().meta({
          description:
            "Unique customers the business portfolio may message in 24 hours outside a customer-service window (250, 2000, 10000, 100000); null: unlimited",
        }),
        max_phone_numbers_per_business: z.number().int().nullable(),
        max_phone_numbers_per_waba: z.number().int().nullable(),
        changed_at: z.iso.datetime().meta({ description: "When WhatsApp last changed the limit" }),
      })
      .nullable()
      .meta({
        description:
          "Additive: the messaging limit WhatsApp last reported for the number's business portfolio (webhook field `business_capability_update`; shared by every number of the portfolio); null until WhatsApp reports one",
      }),
    pricing_tiers: z
      .array(
        z.object({
          pricing_category: z.string().meta({ description: "e.g. utility, authentication" }),
          region: z.string().meta({ description: "The market, as WhatsApp names it (e.g. INDIA)" }),
          tier: z.string().meta({
            description:
              "The volume range of the tier, messages a month: `from:to` (`to` empty for the top tier)",
          }),
          effective_month: z.string().nullable().meta({ description: "YYYY-MM the tier applies to" }),
          updated_at: z.iso.datetime().meta({ description: "When the account reached the tier" }),
        }),
      )
      .meta({
        description:
          "Additive: the WhatsApp Business Account's volume-based pricing tiers, one per pricing category and market, as WhatsApp last reported them (`account_update` event `VOLUME_BASED_PRICING_TIER_UPDATE`); empty until WhatsApp reports one",
      }),
    pricing_tier_changed_at: z.iso.datetime().nullable().meta({
      description: "When a pricing tier last changed; null: never reported",
    }),
    template_sync_failure: syncFailure.nullable().meta({
      description:
        "Additive: the last template sync failed for a reason other than the token (a wrong WhatsApp Business Account id, a missing permission, an outage); `templates_synced_at` is then the last one that worked. null once a sync succeeds",
    }),
    flow_sync_failure: syncFailure.nullable().meta({
      description:
        "Additive: the last sync of the WhatsApp Business Account's Flows (run after each template sync) failed, so the channel's Flows may be out of date. null once a sync succeeds",
    }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Channel" });

/** A sync failure as kept on the channel (when, why), or null when none is kept. */
function syncFailureOf(at: Date | null, error: string | null): { at: string; error: string } | null {
  return at && error ? { at: at.toISOString(), error } : null;
}

/** Why the channel's last Flows sync failed, or null (also shown on the Flows page). */
export function flowSyncFailureOf(c: Pick<Channel, "flowsSyncFailedAt" | "flowsSyncError">) {
  return syncFailureOf(c.flowsSyncFailedAt, c.flowsSyncError);
}

/** Beyond the contract (which shows no channel fields): never the access token. */
export function toChannelJson(c: Channel): z.infer<typeof channelJson> {
  return {
    id: c.id,
    name: c.name,
    phone_number_id: c.phoneNumberId,
    waba_id: c.wabaId,
    display_phone_number: c.displayPhoneNumber,
    status: c.status,
    throughput_per_second: effectiveThroughput(c),
    coexistence: c.coexistence,
    marketing_messages_api: c.marketingMessagesApi,
    last_active_at: c.lastActiveAt?.toISOString() ?? null,
    templates_synced_at: c.templatesSyncedAt?.toISOString() ?? null,
    needs_new_token: c.tokenInvalidAt !== null,
    routing: {
      roles: c.routingRoles,
      is_standby: c.routingStandby,
      checked_at: c.routingCheckedAt?.toISOString() ?? null,
      error: c.routingError,
    },
    messaging_limit: messagingLimitOf(c),
    pricing_tiers: pricingTiersOf(c.pricingTiers),
    pricing_tier_changed_at: c.pricingTierChangedAt?.toISOString() ?? null,
    template_sync_failure: syncFailureOf(c.templatesSyncFailedAt, c.templatesSyncError),
    flow_sync_failure: flowSyncFailureOf(c),
    created_at: c.createdAt.toISOString(),
  };
}

function messagingLimitOf(c: Channel): z.infer<typeof channelJson>["messaging_limit"] {
  if (c.messagingLimit === null || c.messagingLimitChangedAt === null) return null;
  const caps = (
    typeof c.messagingCapabilities === "object" && c.messagingCapabilities !== null
      ? c.messagingCapabilities
      : {}
  ) as Record<string, unknown>;
  const int = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : null);
  return {
    daily_customers: c.messagingLimit < 0 ? null : c.messagingLimit,
    max_phone_numbers_per_business: int(caps.max_phone_numbers_per_business),
    max_phone_numbers_per_waba: int(caps.max_phone_numbers_per_waba),
    changed_at: c.messagingLimitChangedAt.toISOString(),
  };
}

/** The stored tiers (lib/inbound/apply-account-limits.ts writes them), anything else left out. */
function pricingTiersOf(stored: unknown): z.infer<typeof channelJson>["pricing_tiers"] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((t) => {
    if (typeof t !== "object" || t === null) return [];
    const { pricing_category, region, tier, effective_month, updated_at } = t as Record<string, unknown>;
    if (typeof pricing_category !== "string" || typeof region !== "string" || typeof tier !== "string")
      return [];
    if (typeof updated_at !== "string") return [];
    return [
      {
        pricing_category,
        region,
        tier,
        effective_month: typeof effective_month === "string" ? effective_month : null,
        updated_at,
      },
    ];
  });
}
