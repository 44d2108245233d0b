import { z as zod } from "zod";
import type { ApiOperation } from "@/lib/api/openapi/api-operation";
import { pageQuery } from "@/lib/api/pagination";
import { channelJson } from "@/lib/channels/channel-json";
import { contactJson, createContactBody, listContactsQuery } from "@/lib/contacts/schemas";
import { mediaJson } from "@/lib/media/media-json";
import { sendMessageBody } from "@/lib/messages/message-schemas";
import { MESSAGE_OPERATIONS } from "@/lib/messages/openapi-operations";
import { sendResultJson, sendTemplateBody } from "@/lib/messages/send-schemas";
import { listTemplatesQuery } from "@/lib/templates/schemas";
import { templateJson } from "@/lib/templates/template-json";
import { WEBHOOK_OPERATIONS } from "@/lib/webhooks/openapi-operations";

export const OPERATIONS: ApiOperation[] = [
  {
    operationId: "listContacts",
    method: "get",
    path: "/v1/contacts",
    tag: "Contacts",
    scope: "contacts:read",
    summary: "List contacts",
    description: "Newest first. `search` matches name, phone or e-mail; filtering by tag is not available.",
    query: listContactsQuery,
    response: contactJson,
    list: true,
    status: 200,
    errors: [],
  },
  {
    operationId: "createContact",
    method: "post",
    path: "/v1/contacts",
    tag: "Contacts",
    scope: "contacts:write",
    summary: "Create a contact",
    description:
      "The phone number is stored in E.164 with `+`; tags are organization-wide and created on first use. Unknown body fields are ignored.",
    body: createContactBody,
    response: contactJson,
    status: 201,
    errors: ["VALIDATION_MISSING_FIELD", "VALIDATION_INVALID_PHONE", "RESOURCE_ALREADY_EXISTS"],
  },
  {
    operationId: "sendMessage",
    method: "post",
    path: "/v1/whatsapp/messages",
    tag: "Messages",
    scope: "whatsapp:send",
    summary: "Send a message",
    description:
      "Any of the nine types (`reaction` included: `reaction.message_id` is a message's `messageId` in this service, of this organization, or a `wamid.`; an empty `emoji` removes the reaction); the body carries one object named after `type`. Text, media, location and interactive messages need the 24-hour window (the contact wrote within 24 hours); templates do not. Everything checkable is checked before the upstream call; the answer comes once the upstream accepted the message. A customer known only by business-scoped user id (`sender.bsuid` of message.received, no phone) is addressed with `recipient` instead of `to` (`to` wins when both are given): the window and every other rule apply to that contact of this organization; a user id this organization never received is unknown (404 RESOURCE_NOT_FOUND for a template, WHATSAPP_SESSION_CLOSED otherwise); authentication templates cannot be sent to a user id (502 WHATSAPP_SEND_FAILED, upstream error 131062).",
    body: sendMessageBody,
    response: sendResultJson,
    status: 200,
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
      "WHATSAPP_TEMPLATE_INVALID_COMPONENTS",
      "WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX",
      "WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE",
      "WHATSAPP_INTERACTIVE_INVALID_TYPE",
      "WHATSAPP_INTERACTIVE_MISSING_FIELD",
      "WHATSAPP_INTERACTIVE_INVALID_FIELD",
      "WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED",
      "RESOURCE_NOT_FOUND",
    ],
  },
  {
    operationId: "listTemplates",
    method: "get",
    path: "/v1/whatsapp/templates",
    tag: "Templates",
    scope: "whatsapp:templates",
    summary: "List approved templates",
    description:
      "Synchronized templates with status APPROVED, one item per name with its languages. Without `channel_id` the most recently active channel is used.",
    query: listTemplatesQuery,
    response: templateJson,
    list: true,
    status: 200,
    errors: ["WHATSAPP_CHANNEL_NOT_FOUND"],
  },
  {
    operationId: "sendTemplate",
    method: "post",
    path: "/v1/whatsapp/templates/{templateId}/send",
    tag: "Templates",
    scope: "whatsapp:send",
    summary: "Send a template",
    description:
      "`templateId` is a template UUID from the list or a template name. With a UUID, name, language and channel come from the stored template. `recipient` (a business-scoped user id) may replace `to`, as in Send a message.",
    params: zod.object({ templateId: zod.string().meta({ description: "Template UUID or name" }) }),
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
      "WHATSAPP_TEMPLATE_INVALID_COMPONENTS",
      "WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX",
      "WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE",
      "VALIDATION_INVALID_FIELD",
      "RESOURCE_NOT_FOUND",
    ],
  },
  {
    operationId: "listChannels",
    method: "get",
    path: "/v1/whatsapp/channels",
    tag: "Channels",
    scope: "whatsapp:templates",
    summary: "List channels",
    description:
      "Beyond the contract: the organization's channels, so that clients can find their channel ids.",
    query: pageQuery,
    response: channelJson,
    list: true,
    status: 200,
    errors: [],
  },
  {
    operationId: "getMedia",
    method: "get",
    path: "/v1/media/{id}",
    tag: "Media",
    scope: "whatsapp:send",
    summary: "Get a media download link",
    description:
      "Exchanges the media reference `id` of an inbound message for a signed link on this service, valid for 5 minutes, that streams our stored copy.",
    params: zod.object({
      id: zod.uuid().meta({ description: "The media reference (the inbound messageId)" }),
    }),
    response: mediaJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
  ...WEBHOOK_OPERATIONS,
  ...MESSAGE_OPERATIONS,
];
