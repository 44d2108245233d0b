import { ApiError } from "@/lib/api/errors";
import type { AddChannelBody } from "@/lib/channels/channel-schemas";
import { ChannelExistsError, createChannel } from "@/lib/channels/create-channel";
import { verifyChannel } from "@/lib/channels/verify-channel";
import type { Channel } from "@/lib/generated/prisma/client.ts";

const REFUSALS: Record<ChannelExistsError["where"], { message: string; hint: string }> = {
  organization: {
    message: "A channel with this phone number id exists.",
    hint: "this phone number id is already a channel of your organization",
  },
  elsewhere: {
    message: "This phone number id is active in another organization.",
    hint: "a number can be active in one organization only; it must be deactivated there first",
  },
  "waba-elsewhere": {
    message: "This WhatsApp Business Account id is active in another organization.",
    hint: "a WhatsApp Business Account can be active in one organization only; its channels must be deactivated there first",
  },
};

function alreadyActive(error: ChannelExistsError): ApiError {
  const { message, hint } = REFUSALS[error.where];
  return new ApiError("RESOURCE_ALREADY_EXISTS", message, { field: error.field, hint });
}

/**
 * "Add channel": the credentials are verified with the upstream, then lib/channels/create-channel
 * stores the channel (token sealed) and queues its first template sync. Name and display number
 * default to what the upstream says about the number.
 */
export async function addChannel(organizationId: string, body: AddChannelBody): Promise<Channel> {
  const known = await verifyChannel(organizationId, body);
  const display = body.display_phone_number ?? known.display_phone_number ?? null;
  try {
    return await createChannel({
      organizationId,
      name: body.name ?? known.verified_name ?? display ?? body.phone_number_id,
      phoneNumberId: body.phone_number_id,
      wabaId: body.waba_id,
      accessToken: body.access_token,
      displayPhoneNumber: display,
      graphUrl: body.graph_url ?? null,
      throughputPerSecond: body.throughput_per_second,
    });
  } catch (error) {
    if (!(error instanceof ChannelExistsError)) throw error;
    throw alreadyActive(error);
  }
}
