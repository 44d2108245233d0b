import "#server-only";
import { randomUUID } from "node:crypto";
import { sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
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
 * The number is already an active channel: of this organization, or of another one. Inbound
 * notifications name only the number, so it may be active in one organization at most (a partial
 * unique index, migration channel_number_active_once, enforces it even when registrations race).
 */
export class ChannelExistsError extends Error {
  constructor(readonly where: "organization" | "elsewhere") {
    super(
      where === "organization"
        ? "this phone number id is already a channel of this organization"
        : "this phone number id is active in another organization; a number can be active in one organization only",
    );
  }
}

/** Which uniqueness rule a refused insert or reactivation ran into. */
async function existsError(organizationId: string, phoneNumberId: string): Promise<ChannelExistsError> {
  const own = await db().channel.findFirst({ where: { organizationId, phoneNumberId, status: "active" } });
  return new ChannelExistsError(own ? "organization" : "elsewhere");
}

/**
 * Creates a channel (token sealed at rest) and queues its first template sync. Adding a number
 * whose channel was deactivated brings that channel back, keeping its id and history, with
 * the new settings and token. Throws ChannelExistsError when the number is active already, here
 * or in another organization.
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
        },
      })
      .catch(async (error: unknown) => {
        if (isUniqueViolation(error)) throw await existsError(input.organizationId, input.phoneNumberId);
        throw error;
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
    if (isUniqueViolation(error)) throw await existsError(input.organizationId, input.phoneNumberId);
    throw error;
  }
}
