import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { getChannelOrThrow } from "@/lib/channels/get-channel";
import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import { sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { generateFlowKeyPair } from "@/lib/flow-endpoint/flow-crypto";
import type { Channel, FlowEndpoint } from "@/lib/generated/prisma/client.ts";

/** The channel's row, created empty on first use. */
export async function ensureFlowEndpointRow(channel: Channel): Promise<FlowEndpoint> {
  return db().flowEndpoint.upsert({
    where: { channelId: channel.id },
    create: { organizationId: channel.organizationId, channelId: channel.id },
    update: {},
  });
}

/**
 * A new RSA-2048 pair for the channel, its public half uploaded to WhatsApp with
 * `POST /{phone_number_id}/whatsapp_business_encryption` {business_public_key}
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/whatsapp-business-encryption).
 * Meta's page shows the parameter form-encoded; the Graph API takes the same parameter as a JSON
 * body, which is what our one Graph client sends (decided here).
 *
 * The pair replaces the stored one only after the upload succeeded, so a failed upload leaves
 * the key WhatsApp holds working. The key it replaces is kept as `previous` and still opens
 * requests for a while (lib/flow-endpoint/open-flow-request.ts): WhatsApp may have cached it.
 */
export async function rotateFlowKey(organizationId: string, channelId: string): Promise<FlowEndpoint> {
  const channel = await getChannelOrThrow(organizationId, channelId);
  if (channel.status !== "active") {
    throw new ApiError("RESOURCE_INVALID_STATE", "The channel is inactive; activate it to upload a key.");
  }
  const { id } = await ensureFlowEndpointRow(channel);
  const pair = await generateFlowKeyPair();
  let failure: UpstreamError | undefined;
  // the row stays locked from reading the old key to storing the new one, so that two rotations
  // at once cannot leave WhatsApp holding one key and us the other
  const rotated = await db().$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM flow_endpoints WHERE id = ${id}::uuid FOR UPDATE`;
      const row = await tx.flowEndpoint.findUniqueOrThrow({ where: { id } });
      try {
        await graphRequest(channel, `${channel.phoneNumberId}/whatsapp_business_encryption`, {
          method: "POST",
          body: { business_public_key: pair.publicKeyPem },
        });
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        failure = error;
        return null;
      }
      return tx.flowEndpoint.update({
        where: { id },
        data: {
          previousPrivateKeyEnc: row.privateKeyEnc,
          privateKeyEnc: sealSecret(pair.privateKeyPem, organizationId, id),
          publicKey: pair.publicKeyPem,
          keyFingerprint: pair.fingerprint,
          keyUploadedAt: new Date(),
          keyUploadError: null,
        },
      });
    },
    { timeout: 20_000 },
  );
  if (rotated) return rotated;
  const error =
    failure ?? new UpstreamError({ kind: "unreachable", message: "upload failed", maybeSent: false });
  await db().flowEndpoint.update({ where: { id }, data: { keyUploadError: error.message.slice(0, 500) } });
  throw new ApiError("WHATSAPP_SEND_FAILED", `WhatsApp did not accept the public key: ${error.message}`, {
    error: error.failure.kind === "rejected" ? error.failure.error : { message: error.message },
  });
}
