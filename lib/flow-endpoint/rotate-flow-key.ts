import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { getChannelOrThrow } from "@/lib/channels/get-channel";
import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import { sealSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { generateFlowKeyPair } from "@/lib/flow-endpoint/flow-crypto";
import {
  ensureFlowEndpointRow,
  lockFlowEndpointRow,
  updateFlowEndpointRow,
} from "@/lib/flow-endpoint/repository";
import type { FlowEndpoint } from "@/lib/generated/prisma/client.ts";

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
  const ensured = await ensureFlowEndpointRow(organizationId, channel.id);
  if (!ensured) throw new ApiError("RESOURCE_NOT_FOUND", "No such channel.", { field: "id" });
  const { id } = ensured;
  const pair = await generateFlowKeyPair();
  let failure: UpstreamError | undefined;
  // the row stays locked from reading the old key to storing the new one, so that two rotations
  // at once cannot leave WhatsApp holding one key and us the other
  const rotated = await db().$transaction(
    async (tx) => {
      const row = await lockFlowEndpointRow(organizationId, id, tx);
      if (!row) throw new Error(`flow endpoint ${id} is gone`);
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
      return updateFlowEndpointRow(
        organizationId,
        id,
        {
          previousPrivateKeyEnc: row.privateKeyEnc,
          privateKeyEnc: sealSecret(pair.privateKeyPem, organizationId, id),
          publicKey: pair.publicKeyPem,
          keyFingerprint: pair.fingerprint,
          keyUploadedAt: new Date(),
          keyUploadError: null,
        },
        tx,
      );
    },
    { timeout: 20_000 },
  );
  if (rotated) return rotated;
  const error =
    failure ?? new UpstreamError({ kind: "unreachable", message: "upload failed", maybeSent: false });
  await updateFlowEndpointRow(organizationId, id, { keyUploadError: error.message.slice(0, 500) });
  throw new ApiError("WHATSAPP_SEND_FAILED", `WhatsApp did not accept the public key: ${error.message}`, {
    error: error.failure.kind === "rejected" ? error.failure.error : { message: error.message },
  });
}
