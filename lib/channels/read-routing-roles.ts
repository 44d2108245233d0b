import "#server-only";
import { z } from "zod";
import { updateChannelRow } from "@/lib/channels/repository";
import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";

/**
 * Meta's Routing Roles API ("Routing roles", updated 2026-11-05,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/conversation-routing/routing-roles/):
 * the roles the business holds on one phone number under conversation routing (primary of entry
 * points, escalation partner) and `is_standby` (standby copies of threads it does not own). It
 * reports our own roles only, never who owns a thread, and can differ per number, so each channel
 * reads its own.
 *
 * The page names `roles` and `is_standby` (its troubleshooting page: "If roles is empty…") but
 * not, in the part we could read, the path or each role's shape, so the product decided (the
 * sandbox answers the same): GET /{phone_number_id}/routing_roles, `roles` an array of
 * `{role: "primary" | "escalation_partner", …}` (a bare string is read too; unknown roles are
 * kept as named). A single-responder number answers `primary` without standby.
 */
const answer = z
  .object({
    roles: z
      .array(
        z.union([z.string(), z.object({ role: z.string() }).loose(), z.object({ type: z.string() }).loose()]),
      )
      .default([]),
    is_standby: z.boolean().default(false),
  })
  .loose();

function roleName(role: z.infer<typeof answer>["roles"][number]): string {
  if (typeof role === "string") return role;
  return "role" in role ? String(role.role) : String(role.type);
}

export type RoutingRoles = { roles: string[]; isStandby: boolean };

/**
 * Reads and stores the channel's routing roles; never throws: a failed read keeps the roles last
 * read and stores why (shown on the Channels page), so a template sync is not failed by it.
 */
export async function readRoutingRoles(channel: Channel): Promise<RoutingRoles | null> {
  try {
    const raw = await graphRequest<unknown>(channel, `${channel.phoneNumberId}/routing_roles`, {
      timeoutMs: 8_000,
    });
    const parsed = answer.parse(raw);
    const roles = [...new Set(parsed.roles.map(roleName).map((r) => r.slice(0, 64)))].slice(0, 10);
    await updateChannelRow(channel.organizationId, channel.id, {
      routingRoles: roles,
      routingStandby: parsed.is_standby,
      routingCheckedAt: new Date(),
      routingError: null,
    });
    return { roles, isStandby: parsed.is_standby };
  } catch (error) {
    const message =
      error instanceof UpstreamError
        ? error.message
        : error instanceof z.ZodError
          ? "the upstream's answer was not a routing roles answer"
          : "the routing roles could not be read";
    logger.warn({ channelId: channel.id, error: message }, "routing roles not read");
    await updateChannelRow(channel.organizationId, channel.id, { routingError: message.slice(0, 500) });
    return null;
  }
}

/**
 * Whether the number is routed between responders, as last read: a business that is anything
 * but the sole primary (escalation partner, standby, no role at all) shares it with another.
 * Never read: not known to be (the next template sync reads it).
 */
export function routingInUse(
  channel: Pick<Channel, "routingRoles" | "routingStandby" | "routingCheckedAt">,
): boolean {
  if (channel.routingCheckedAt === null) return false;
  if (channel.routingStandby) return true;
  return !(channel.routingRoles.length === 1 && channel.routingRoles[0] === "primary");
}
