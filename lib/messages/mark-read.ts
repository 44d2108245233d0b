import "#server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import { mapUpstreamFailure } from "@/lib/cloud-api/map-upstream-error";
import { isUuid } from "@/lib/ids/uuid";
import { findInboundMessage } from "@/lib/messages/repository/reads";
import { markInboundRead } from "@/lib/messages/transitions/mark-inbound-read";

export const markReadParams = z.object({
  messageId: z.string().meta({ description: "The inbound message's messageId in this service (UUID)" }),
});

export const markReadBody = z
  .object({
    typing_indicator: z
      .boolean()
      .default(false)
      .meta({ description: "Also show the customer a typing indicator (until the reply, at most 25 s)" }),
  })
  .meta({ id: "MarkReadBody" });

export const markReadJson = z
  .object({ messageId: z.uuid(), status: z.literal("read") })
  .meta({ id: "MarkReadResult" });

export type MarkReadResult = z.infer<typeof markReadJson>;

/**
 * Marks a customer's message read upstream (the blue ticks; earlier messages of the thread
 * with it), optionally with the typing indicator. Only an inbound message of this
 * organization: anything else is answered as unknown.
 */
export async function markMessageRead(
  organizationId: string,
  messageId: string,
  typingIndicator: boolean,
): Promise<MarkReadResult> {
  const message = isUuid(messageId) ? await findInboundMessage(organizationId, messageId) : null;
  if (!message?.whatsappMessageId)
    throw new ApiError("RESOURCE_NOT_FOUND", "No inbound message with this id.");
  const channel = message.channel;
  if (channel?.status !== "active") {
    throw new ApiError("WHATSAPP_CHANNEL_NOT_FOUND", "The channel that received this message is not active.");
  }
  try {
    await graphRequest(channel, `${channel.phoneNumberId}/messages`, {
      method: "POST",
      body: {
        messaging_product: "whatsapp",
        status: "read",
        message_id: message.whatsappMessageId,
        ...(typingIndicator ? { typing_indicator: { type: "text" } } : {}),
      },
    });
  } catch (error) {
    if (error instanceof UpstreamError) throw mapUpstreamFailure(error.failure, messageId);
    throw error;
  }
  await markInboundRead(organizationId, message.id);
  return { messageId: message.id, status: "read" };
}
