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

export class ChannelExistsError extends Error {}

/** Creates a channel (token sealed at rest) and queues its first template sync. */
export async function createChannel(input: CreateChannelInput) {
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
    if (isUniqueViolation(error)) {
      throw new ChannelExistsError(
        `phone number id ${input.phoneNumberId} is already a channel of this organization`,
      );
    }
    throw error;
  }
}
