import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findChannel } from "@/lib/channels/repository";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

/** The organization's channel, or RESOURCE_NOT_FOUND (also for malformed ids). */
export async function getChannelOrThrow(organizationId: string, id: string): Promise<Channel> {
  const channel = isUuid(id) ? await findChannel(organizationId, id) : null;
  if (!channel) throw new ApiError("RESOURCE_NOT_FOUND", "No such channel.", { field: "id" });
  return channel;
}
