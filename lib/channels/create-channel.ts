import "#server-only";
import { randomUUID } from "node:crypto";
import { sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
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
  const own = await db().channel.findFirst({ where: { organizationId, phoneNumberId, status: "active" } });
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
  const inactive = await db().channel.findFirst({
    where: { organizationId: input.organizationId, phoneNumberId: input.phoneNumberId, status: "inactive" },
  });
  if (inactive) {
    const channel = await db()
      .channel.update({
        where: { id: inactive.id },
        data: {
          status: "active",
          name: input.name,
          wabaId: input.wabaId,
          displayPhoneNumber: input.displayPhoneNumber ?? inactive.displayPhoneNumber,
          accessTokenEnc: sealSecret(input.accessToken, input.organizationId, inactive.id),
          graphUrl: input.graphUrl ?? null,
          throughputPerSecond: input.throughputPerSecond ?? inactive.throughputPerSecond,
          tokenInvalidAt: null,
          tokenError: null,
        },
      })
      .catch(async (error: unknown) => {
        throw (await existsError(error, input.organizationId, input.phoneNumberId)) ?? error;
      });
    await enqueue("templates", { channelId: channel.id }, { jobId: `sync-${channel.id}-${Date.now()}` });
    return channel;
  }
  const id = randomUUID();
  try {
    const channel = await db().channel.create({
      data: {
        id,
        organizationId: input.organizationId,
        name: input.name,
        phoneNumberId: input.phoneNumberId,
        wabaId: input.wabaId,
        displayPhoneNumber: input.displayPhoneNumber ?? null,
        accessTokenEnc: sealSecret(input.accessToken, input.organizationId, id),
        graphUrl: input.graphUrl ?? null,
        throughputPerSecond: input.throughputPerSecond ?? 80,
      },
    });
    await enqueue("templates", { channelId: channel.id }, { jobId: `sync-${channel.id}-initial` });
    return channel;
  } catch (error) {
    throw (await existsError(error, input.organizationId, input.phoneNumberId)) ?? error;
  }
}
