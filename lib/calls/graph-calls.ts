import "#server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { type GraphChannel, graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/**
 * Meta's calls endpoint, `POST /{phone-number-id}/calls` (Calling API reference:
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/reference/):
 * `connect` (a business-initiated call with our SDP offer; answers `calls[0].id`), `pre_accept`
 * and `accept` (a customer's call, with our SDP answer), `reject`, `terminate`.
 */
type CallChannel = GraphChannel & Pick<Channel, "phoneNumberId">;

export type CallAction = "pre_accept" | "accept" | "reject" | "terminate";

export async function connectUpstreamCall(
  channel: CallChannel,
  to: string,
  sdpOffer: string,
): Promise<string> {
  const answer = await graphRequest<unknown>(channel, `${channel.phoneNumberId}/calls`, {
    method: "POST",
    body: {
      messaging_product: "whatsapp",
      to: to.replace(/^\+/, ""),
      action: "connect",
      session: { sdp_type: "offer", sdp: sdpOffer },
    },
  });
  const parsed = z
    .object({ calls: z.array(z.object({ id: z.string().min(1) }).loose()).min(1) })
    .loose()
    .safeParse(answer);
  if (!parsed.success)
    throw new ApiError("WHATSAPP_SEND_FAILED", "WhatsApp answered the call without a call id.", {});
  return parsed.data.calls[0]?.id ?? "";
}

export async function upstreamCallAction(
  channel: CallChannel,
  callId: string,
  action: CallAction,
  sdpAnswer?: string,
): Promise<void> {
  await graphRequest(channel, `${channel.phoneNumberId}/calls`, {
    method: "POST",
    body: {
      messaging_product: "whatsapp",
      call_id: callId,
      action,
      ...(sdpAnswer === undefined ? {} : { session: { sdp_type: "answer", sdp: sdpAnswer } }),
    },
  });
}

/**
 * A Calling API failure in our catalog. 138006 is Meta's "no call permission" (business-initiated
 * calls guide); a call in the wrong state (Meta answers 400 with the call's state in
 * error_data.details; no page lists one code for it, the sandbox uses 138008, our decision) is
 * RESOURCE_INVALID_STATE. Meta's error object is passed on in details.error, as for sends.
 */
export function callUpstreamError(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const { failure } = error;
  if (failure.kind !== "rejected")
    return new ApiError(
      "WHATSAPP_SEND_FAILED",
      "The WhatsApp upstream could not be reached or did not answer.",
      {
        error: { message: failure.message },
      },
    );
  const meta = failure.error;
  if (meta.code === 138006)
    return new ApiError(
      "WHATSAPP_CALL_PERMISSION_REQUIRED",
      "WhatsApp refused the call: the customer has not granted call permission.",
      { rule: "call_permission", error: meta },
    );
  if (meta.code === 138008)
    return new ApiError(
      "RESOURCE_INVALID_STATE",
      `WhatsApp refused: ${meta.error_data?.details ?? meta.message}`,
      {
        error: meta,
      },
    );
  return new ApiError("WHATSAPP_SEND_FAILED", `Meta refused the request: ${meta.message}`, { error: meta });
}
