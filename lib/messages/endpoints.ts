import { z } from "zod";
import { declareEndpoints } from "@/lib/api/endpoint";
import { markReadBody, markReadJson, markReadParams } from "@/lib/messages/mark-read";
import { messageIdParams, messageJson } from "@/lib/messages/message-json";
import { sendMessageBody } from "@/lib/messages/message-schemas";
import {
  sendMessageRequest,
  sendQueuedJson,
  sendResultJson,
  sendTemplateBody,
} from "@/lib/messages/send-schemas";

export const MESSAGE_ENDPOINTS = declareEndpoints({
  sendMessage: {
    method: "POST",
    path: "/v1/whatsapp/messages",
    tag: "Messages",
    scope: "whatsapp:send",
    summary: "Send a message",
    description:
      "Any of the nine types (`reaction` included: `reaction.message_id` is a message's `messageId` in this service, of this organization, or a `wamid.`; an empty `emoji` removes the reaction); the body carries one object named after `type`. Text, media, location and interactive messages need the 24-hour window (the contact wrote within 24 hours); templates do not. Everything checkable is checked before the upstream call; the answer comes once the upstream accepted the message, or, with `Prefer: respond-async`, as soon as it is stored and queued (202, `status: queued`). A customer known only by business-scoped user id (`sender.bsuid` of message.received, no phone) is addressed with `recipient` instead of `to` (`to` wins when both are given): the window and every other rule apply to that contact of this organization; a user id this organization never received is unknown (404 RESOURCE_NOT_FOUND for a template, WHATSAPP_SESSION_CLOSED otherwise); authentication templates cannot be sent to a user id (502 WHATSAPP_SEND_FAILED, upstream error 131062).",
    body: sendMessageRequest,
    documentedBody: sendMessageBody,
    response: sendResultJson,
    status: 200,
    respondAsync: {
      response: sendQueuedJson,
      description:
        "Accepted (`Prefer: respond-async`, answered with `Preference-Applied: respond-async`): every check passed and the message is stored `queued` and queued for WhatsApp; `message.sent` or `message.failed` follows, and `Location` reads it. A number whose conversations are routed between responders ignores the preference (200 as without it).",
    },
    errors: [
      "VALIDATION_MISSING_FIELD",
      "VALIDATION_INVALID_PHONE",
      "VALIDATION_INVALID_FIELD",
      "WHATSAPP_SESSION_CLOSED",
      "WHATSAPP_CHANNEL_NOT_FOUND",
      "WHATSAPP_SEND_FAILED",
      "WHATSAPP_MEDIA_UPLOAD_FAILED",
      "WHATSAPP_TEMPLATE_NOT_FOUND",
      "WHATSAPP_TEMPLATE_REJECTED",
      "WHATSAPP_RECIPIENT_OPTED_OUT",
      "WHATSAPP_TEMPLATE_INVALID_COMPONENTS",
      "WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX",
      "WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE",
      "WHATSAPP_INTERACTIVE_INVALID_TYPE",
      "WHATSAPP_INTERACTIVE_MISSING_FIELD",
      "WHATSAPP_INTERACTIVE_INVALID_FIELD",
      "WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED",
      "RESOURCE_NOT_FOUND",
      "WHATSAPP_RECIPIENT_BLOCKED",
    ],
  },
  sendTemplate: {
    method: "POST",
    path: "/v1/whatsapp/templates/{templateId}/send",
    tag: "Templates",
    scope: "whatsapp:send",
    summary: "Send a template",
    description:
      "`templateId` is a template UUID from the list or a template name. With a UUID, name, language and channel come from the stored template. `recipient` (a business-scoped user id) may replace `to`, as in Send a message.",
    params: z.object({ templateId: z.string().meta({ description: "Template UUID or name" }) }),
    body: sendTemplateBody,
    response: sendResultJson,
    status: 200,
    errors: [
      "VALIDATION_MISSING_FIELD",
      "VALIDATION_INVALID_PHONE",
      "WHATSAPP_CHANNEL_NOT_FOUND",
      "WHATSAPP_SEND_FAILED",
      "WHATSAPP_TEMPLATE_NOT_FOUND",
      "WHATSAPP_TEMPLATE_REJECTED",
      "WHATSAPP_RECIPIENT_OPTED_OUT",
      "WHATSAPP_TEMPLATE_INVALID_COMPONENTS",
      "WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX",
      "WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE",
      "VALIDATION_INVALID_FIELD",
      "RESOURCE_NOT_FOUND",
      "WHATSAPP_RECIPIENT_BLOCKED",
    ],
  },
  markMessageRead: {
    method: "POST",
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
  getMessage: {
    method: "GET",
    path: "/v1/whatsapp/messages/{messageId}",
    tag: "Messages",
    scope: "whatsapp:send",
    summary: "Get a message",
    description:
      "Additive. One message of this organization (sent or received): its status and status times, the upstream's pricing once reported, where it came from (`source`: this API, the WhatsApp Business app on a coexistence number, or synced history), and whether it was edited (`edited`, the original staying in `content`) or deleted for everyone (`deletedAt`; its content is then null). Another organization's id is `RESOURCE_NOT_FOUND`.",
    params: messageIdParams,
    response: messageJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
});
