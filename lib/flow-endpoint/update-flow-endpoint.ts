import "#server-only";
import { randomBytes } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { getChannelOrThrow } from "@/lib/channels/get-channel";
import { config } from "@/lib/config";
import { sealSecret } from "@/lib/crypto/secret-box";
import { toFlowEndpointJson } from "@/lib/flow-endpoint/flow-endpoint-json";
import { ensureFlowEndpointRow, updateFlowEndpointRow } from "@/lib/flow-endpoint/repository";
import { rotateFlowKey } from "@/lib/flow-endpoint/rotate-flow-key";
import type { FlowEndpointJson, UpdateFlowEndpointBody } from "@/lib/flow-endpoint/schemas";
import { webhookUrlProblem } from "@/lib/net/url-guard";
import { STANDARD_PREFIX } from "@/lib/webhooks/secret-format";

async function checkReceiverUrl(raw: string): Promise<string> {
  // the same registration-time SSRF guard as webhook URLs (lib/webhooks/check-webhook-url.ts)
  const problem = await webhookUrlProblem(raw, { allowLoopback: config().ALLOW_LOOPBACK_URLS });
  if (problem) {
    throw new ApiError("VALIDATION_INVALID_FIELD", `Invalid field receiver_url: ${problem}`, {
      field: "receiver_url",
      hint: problem,
    });
  }
  return new URL(raw).href;
}

/**
 * Sets the channel's receiver URL and signing secret. The first change of a channel also makes
 * its key pair and uploads the public key, so that the endpoint works as soon as it is answered.
 * A generated secret (`whsec_` + 24 random bytes, a Standard Webhooks key) is returned once.
 */
export async function updateFlowEndpoint(
  organizationId: string,
  channelId: string,
  body: UpdateFlowEndpointBody,
): Promise<FlowEndpointJson> {
  const channel = await getChannelOrThrow(organizationId, channelId);
  const receiverUrl =
    body.receiver_url === undefined || body.receiver_url === null || body.receiver_url === ""
      ? body.receiver_url === undefined
        ? undefined
        : null
      : await checkReceiverUrl(body.receiver_url);
  const ensured = await ensureFlowEndpointRow(organizationId, channel.id);
  if (!ensured) throw new ApiError("RESOURCE_NOT_FOUND", "No such channel.", { field: "id" });
  let row = ensured;
  let generated: string | undefined;
  let secret = body.secret;
  if (secret === undefined && !row.receiverSecretEnc && (receiverUrl ?? row.receiverUrl)) {
    generated = `${STANDARD_PREFIX}${randomBytes(24).toString("base64")}`;
    secret = generated;
  }
  row = await updateFlowEndpointRow(organizationId, row.id, {
    ...(receiverUrl === undefined ? {} : { receiverUrl }),
    ...(secret === undefined ? {} : { receiverSecretEnc: sealSecret(secret, organizationId, row.id) }),
  });
  if (!row.publicKey) row = await rotateFlowKey(organizationId, channel.id);
  return toFlowEndpointJson(channel.id, row, generated);
}
