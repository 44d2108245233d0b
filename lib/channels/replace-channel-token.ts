import "#server-only";
import { ApiError } from "@/lib/api/errors";
import type { ChannelRowJson } from "@/lib/channels/channel-schemas";
import { getChannelOrThrow } from "@/lib/channels/get-channel";
import { toChannelRow } from "@/lib/channels/list-channels";
import { countActiveTemplates, updateChannelRow } from "@/lib/channels/repository";
import { verifyChannel } from "@/lib/channels/verify-channel";
import { sealSecret } from "@/lib/crypto/secret-box";
import { enqueue } from "@/lib/queues";

/**
 * "Give a new token" (owners and admins), for a channel whose token the Graph API refused or that
 * is about to expire: the token is tried as "Add channel" tries one (the number readable, the
 * WABA's templates listable, on the channel's own Graph URL), then sealed at rest in place of the
 * old one, never shown again. The "needs a new token" mark goes, and a template sync is queued at
 * once. A token the Graph API refuses changes nothing (400 on access_token). Answers the channel's
 * row of the Channels page.
 */
export async function replaceChannelToken(
  organizationId: string,
  channelId: string,
  accessToken: string,
): Promise<ChannelRowJson> {
  const channel = await getChannelOrThrow(organizationId, channelId);
  if (channel.status !== "active") {
    const hint = "the channel is inactive; add the number again to reactivate it with a token";
    throw new ApiError("VALIDATION_INVALID_FIELD", `Cannot replace the token: ${hint}.`, {
      field: "status",
      hint,
    });
  }
  await verifyChannel(
    organizationId,
    {
      phone_number_id: channel.phoneNumberId,
      waba_id: channel.wabaId,
      access_token: accessToken,
      graph_url: channel.graphUrl ?? undefined,
    },
    { storedGraphUrl: true },
  );
  const updated = await updateChannelRow(organizationId, channel.id, {
    accessTokenEnc: sealSecret(accessToken, organizationId, channel.id),
    tokenInvalidAt: null,
    tokenError: null,
  });
  await enqueue(
    "templates",
    { organizationId, channelId: channel.id },
    { jobId: `sync-${channel.id}-token-${Date.now()}` },
  );
  const templates = await countActiveTemplates(organizationId, channel.id);
  return toChannelRow(updated, templates);
}
