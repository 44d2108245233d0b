import "#server-only";
import type { ChannelRowJson, ChannelSettingsBody } from "@/lib/channels/channel-schemas";
import { getChannelOrThrow } from "@/lib/channels/get-channel";
import { toChannelRow } from "@/lib/channels/list-channels";
import { countActiveTemplates, updateChannelRow } from "@/lib/channels/repository";

/**
 * A channel's settings: `coexistence` (the number is shared with the WhatsApp Business app:
 * sends are paced at Meta's fixed 20/s; the first coexistence webhook sets it on its own) and
 * `marketing_messages_api` (MARKETING templates through Meta's Marketing Messages API).
 */
export async function updateChannelSettings(
  organizationId: string,
  channelId: string,
  body: ChannelSettingsBody,
): Promise<ChannelRowJson> {
  const channel = await getChannelOrThrow(organizationId, channelId);
  const updated = await updateChannelRow(organizationId, channel.id, {
    ...(body.coexistence === undefined ? {} : { coexistence: body.coexistence }),
    ...(body.marketing_messages_api === undefined
      ? {}
      : { marketingMessagesApi: body.marketing_messages_api }),
  });
  const templates = await countActiveTemplates(organizationId, channel.id);
  return toChannelRow(updated, templates);
}
