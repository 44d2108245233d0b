import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findActiveChannel, findLastActiveChannel, listActiveChannels } from "@/lib/channels/repository";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";
import { ttlCache } from "@/lib/ttl-cache";

/** How long a process may trust its resolution of a send's channel (as long as a key record). */
export const CHANNEL_CACHE_TTL_MS = 1_000;
const resolved = ttlCache<Channel>(CHANNEL_CACHE_TTL_MS, {
  keepFailure: (error) => error instanceof ApiError,
});

/**
 * The contract's channel rules for sending: a named channel must be one of the organization's
 * active channels; without a name, exactly one active channel is used; none or several
 * (without channel_id) is WHATSAPP_CHANNEL_NOT_FOUND. A busy organization costs one query a
 * second, not one a send: the answer (a channel or that error) is kept CHANNEL_CACHE_TTL_MS,
 * so a channel deactivated or added is seen within a second, as a revoked key is.
 */
export function resolveSendChannel(organizationId: string, channelId?: string | null): Promise<Channel> {
  return resolved(`${organizationId}/${channelId ?? ""}`, () => findSendChannel(organizationId, channelId));
}

async function findSendChannel(organizationId: string, channelId?: string | null): Promise<Channel> {
  if (channelId) {
    const channel = isUuid(channelId) ? await findActiveChannel(organizationId, channelId) : null;
    if (!channel) {
      throw new ApiError(
        "WHATSAPP_CHANNEL_NOT_FOUND",
        `No active channel ${channelId} in this organization.`,
        {
          field: "channel_id",
          hint: "list your channels with GET /v1/whatsapp/channels",
        },
      );
    }
    return channel;
  }
  const active = await listActiveChannels(organizationId, 2);
  const [only, second] = active;
  if (!only) {
    throw new ApiError("WHATSAPP_CHANNEL_NOT_FOUND", "This organization has no active WhatsApp channel.", {
      field: "channel_id",
      hint: "add a channel in the dashboard first",
    });
  }
  if (second) {
    throw new ApiError(
      "WHATSAPP_CHANNEL_NOT_FOUND",
      "This organization has several active channels; name one with channel_id.",
      { field: "channel_id", hint: "list your channels with GET /v1/whatsapp/channels" },
    );
  }
  return only;
}

/** For reads (template list): the named channel, else the most recently active one. */
export async function resolveReadChannel(
  organizationId: string,
  channelId?: string | null,
): Promise<Channel> {
  if (channelId) return resolveSendChannel(organizationId, channelId);
  const channel = await findLastActiveChannel(organizationId);
  if (!channel) {
    throw new ApiError("WHATSAPP_CHANNEL_NOT_FOUND", "This organization has no active WhatsApp channel.", {
      field: "channel_id",
      hint: "add a channel in the dashboard first",
    });
  }
  return channel;
}
