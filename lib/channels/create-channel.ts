import "#server-only";
import { randomUUID } from "node:crypto";
import { findChannelOfNumber, insertChannel, updateChannelRow } from "@/lib/channels/repository";
import { sealSecret } from "@/lib/crypto/secret-box";
import { isExclusionViolation, isUniqueViolation } from "@/lib/db-errors";
import { enqueue } from "@/lib/queues";

export type CreateChannelInput = {
  organizationId: string;
  name: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  displayPhoneNumber?: string | null;
  graphUrl?: string | null;
  throughputPerSecond?: number;
};

/**
 * The number, or its WhatsApp Business Account, is already active: the number in this organization
 * or in another one, the WABA in another one. Inbound notifications name only the number and
 * template notifications only the WABA, so each may be active in one organization at most (a
 * partial unique index, migration channel_number_active_once, and an exclusion constraint,
 * migration hardening_round_3, enforce it even when registrations race). One organization may
 * have several numbers of its WABA.
 */
export class ChannelExistsError extends Error {
  readonly field: "phone_number_id" | "waba_id";
  constructor(readonly where: "organization" | "elsewhere" | "waba-elsewhere") {
    super(
      where === "organization"
        ? "this phone number id is already a channel of this organization"
        : where === "elsewhere"
          ? "this phone number id is active in another organization; a number can be active in one organization only"
          : "this WhatsApp Business Account id is active in another organization; a WhatsApp Business Account can be active in one organization only",
    );
    this.field = where === "waba-elsewhere" ? "waba_id" : "phone_number_id";
  }
}

/** Which uniqueness rule a refused insert or reactivation ran into, or null when none did. */
async function existsError(error: unknown, organizationId: string, phoneNumberId: string) {
  if (isExclusionViolation(error)) return new ChannelExistsError("waba-elsewhere");
  if (!isUniqueViolation(error)) return null;
  const own = await findChannelOfNumber(organizationId, phoneNumberId, "active");
  return new ChannelExistsError(own ? "organization" : "elsewhere");
}

/**
 * Creates a channel (token sealed at rest) and queues its first template sync. Adding a number
 * whose channel was deactivated brings that channel back, keeping its id and history, with
 * the new settings and token (and a working token: no longer "needs a new token"). Throws
 * ChannelExistsError when the number is active already, here or in another organization, or its
 * WABA is active in another organization.
 */
export async function createChannel(input: CreateChannelInput) {
  const inactive = await findChannelOfNumber(input.organizationId, input.phoneNumberId, "inactive");
  if (inactive) {
    const channel = await updateChannelRow(input.organizationId, inactive.id, {
      status: "active",
      name: input.name,
      wabaId: input.wabaId,
      displayPhoneNumber: input.displayPhoneNumber ?? inactive.displayPhoneNumber,
      accessTokenEnc: sealSecret(input.accessToken, input.organizationId, inactive.id),
      graphUrl: input.graphUrl ?? null,
      throughputPerSecond: input.throughputPerSecond ?? inactive.throughputPerSecond,
      tokenInvalidAt: null,
      tokenError: null,
    }).catch(async (error: unknown) => {
      throw (await existsError(error, input.organizationId, input.phoneNumberId)) ?? error;
    });
    await enqueue(
      "templates",
      { organizationId: channel.organizationId, channelId: channel.id },
      { jobId: `sync-${channel.id}-${Date.now()}` },
    );
    return channel;
  }
  const id = randomUUID();
  try {
    const channel = await insertChannel(input.organizationId, {
      id,
      name: input.name,
      phoneNumberId: input.phoneNumberId,
      wabaId: input.wabaId,
      displayPhoneNumber: input.displayPhoneNumber ?? null,
      accessTokenEnc: sealSecret(input.accessToken, input.organizationId, id),
      graphUrl: input.graphUrl ?? null,
      throughputPerSecond: input.throughputPerSecond ?? 80,
    });
    await enqueue(
      "templates",
      { organizationId: channel.organizationId, channelId: channel.id },
      { jobId: `sync-${channel.id}-initial` },
    );
    return channel;
  } catch (error) {
    throw (await existsError(error, input.organizationId, input.phoneNumberId)) ?? error;
  }
}
