import "#server-only";
import { findChannel, updateChannelRow } from "@/lib/channels/repository";

/** The organization's channel made inactive (as it was when it already is), or null when it has none by that id. */
export async function deactivateChannel(id: string, organizationId: string) {
  const channel = await findChannel(organizationId, id);
  if (!channel) return null;
  if (channel.status === "inactive") return channel;
  return updateChannelRow(organizationId, id, { status: "inactive" });
}
