import { markReadBody, markReadJson, markReadParams } from "@/lib/messages/mark-read";
import type { ApiOperation } from "@/lib/openapi/api-operation";

/** Message operations beyond the send itself. */
export const MESSAGE_OPERATIONS: ApiOperation[] = [
  {
    operationId: "markMessageRead",
    method: "post",
    path: "/v1/whatsapp/messages/{messageId}/read",
    tag: "Messages",
    scope: "whatsapp:send",
    summary: "Mark an inbound message read",
    description:
      "Marks a customer's message (its `messageId` from `message.inbound`) read upstream: the customer sees blue ticks, and earlier messages of the thread count as read too. With `typing_indicator: true` the customer also sees a typing indicator until the reply is sent (at most 25 seconds). An outbound, unknown or other organization's id is `RESOURCE_NOT_FOUND`.",
    params: markReadParams,
    body: markReadBody,
    response: markReadJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND", "WHATSAPP_CHANNEL_NOT_FOUND", "WHATSAPP_SEND_FAILED"],
  },
];
