import { z } from "zod";
import { effectiveThroughput } from "@/lib/channels/effective-throughput";
import type { Channel } from "@/lib/generated/prisma/client.ts";

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
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Channel" });

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
    created_at: c.createdAt.toISOString(),
  };
}
