import { appUrl } from "@/lib/config";
import type { FlowEndpointJson } from "@/lib/flow-endpoint/schemas";
import type { FlowEndpoint } from "@/lib/generated/prisma/client.ts";

/** The URL WhatsApp calls for a channel (app/flows/endpoint/[channelId]). */
export function flowEndpointUrl(channelId: string): string {
  return `${appUrl()}/flows/endpoint/${channelId}`;
}

export function toFlowEndpointJson(
  channelId: string,
  row: FlowEndpoint | null,
  secret?: string,
): FlowEndpointJson {
  return {
    channel_id: channelId,
    endpoint_url: flowEndpointUrl(channelId),
    public_key: row?.publicKey ?? null,
    public_key_fingerprint: row?.keyFingerprint ?? null,
    public_key_uploaded_at: row?.keyUploadedAt?.toISOString() ?? null,
    key_upload_error: row?.keyUploadError ?? null,
    receiver_url: row?.receiverUrl ?? null,
    has_secret: Boolean(row?.receiverSecretEnc),
    ...(secret === undefined ? {} : { secret }),
  };
}
