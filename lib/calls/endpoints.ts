import { declareEndpoints } from "@/lib/api/endpoint";
import type { ErrorCode } from "@/lib/api/errors";
import {
  callSettingsJson,
  callSettingsParams,
  updateCallSettingsBody,
} from "@/lib/calls/call-settings-schemas";
import {
  answerCallBody,
  callJsonSchema,
  callParams,
  listCallsQuery,
  permissionRequestBody,
  permissionRequestJson,
  placeCallBody,
} from "@/lib/calls/schemas";

/**
 * WhatsApp voice calls (issue 32): signalling only, SDP offers and answers relayed as strings to
 * Meta's `POST /{phone-number-id}/calls`. Scope (our decision, no new scope): `whatsapp:send` for
 * reading and acting, as for conversations: a call is a conversation with the customer.
 */
const action = (summary: string, description: string) => ({
  method: "POST" as const,
  tag: "Calls" as const,
  scope: "whatsapp:send" as const,
  params: callParams,
  response: callJsonSchema,
  status: 200 as const,
  summary,
  description,
  errors: ["RESOURCE_NOT_FOUND", "RESOURCE_INVALID_STATE", "WHATSAPP_SEND_FAILED"] as ErrorCode[],
});

export const CALL_ENDPOINTS = declareEndpoints({
  listCalls: {
    method: "GET",
    path: "/v1/whatsapp/calls",
    tag: "Calls",
    scope: "whatsapp:send",
    summary: "List calls",
    description: "The organization's calls, newest first, both directions.",
    query: listCallsQuery,
    response: callJsonSchema,
    list: true,
    status: 200,
    errors: [],
  },
  placeCall: {
    method: "POST",
    path: "/v1/whatsapp/calls",
    tag: "Calls",
    scope: "whatsapp:send",
    summary: "Call a customer",
    description:
      "Places a business-initiated call with your SDP offer (Meta's `connect`). The customer must have granted call permission (`POST /v1/whatsapp/calls/permissions`, then their accept): otherwise 400 `WHATSAPP_CALL_PERMISSION_REQUIRED`, before any upstream call. WhatsApp's SDP answer arrives with `call.connected`.",
    body: placeCallBody,
    response: callJsonSchema,
    status: 201,
    errors: [
      "VALIDATION_MISSING_FIELD",
      "VALIDATION_INVALID_FIELD",
      "VALIDATION_INVALID_PHONE",
      "WHATSAPP_CHANNEL_NOT_FOUND",
      "WHATSAPP_CALL_PERMISSION_REQUIRED",
      "WHATSAPP_RECIPIENT_BLOCKED",
      "WHATSAPP_SEND_FAILED",
    ],
  },
  getCall: {
    method: "GET",
    path: "/v1/whatsapp/calls/{id}",
    tag: "Calls",
    scope: "whatsapp:send",
    summary: "Get a call",
    params: callParams,
    response: callJsonSchema,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
  preAcceptCall: {
    ...action(
      "Pre-accept a customer's call",
      "Sends your SDP answer before accepting (Meta's `pre_accept`) so media can connect sooner; the call stays ringing until `accept`.",
    ),
    path: "/v1/whatsapp/calls/{id}/pre-accept",
    body: answerCallBody,
  },
  acceptCall: {
    ...action(
      "Accept a customer's call",
      "Answers a ringing user-initiated call with your SDP answer (Meta's `accept`); the call is connected and `call.connected` is sent. `answered_by` becomes `api`.",
    ),
    path: "/v1/whatsapp/calls/{id}/accept",
    body: answerCallBody,
  },
  rejectCall: {
    ...action("Reject a customer's call", "Declines a ringing user-initiated call (Meta's `reject`)."),
    path: "/v1/whatsapp/calls/{id}/reject",
  },
  terminateCall: {
    ...action(
      "Hang up a call",
      "Ends a call in either direction (Meta's `terminate`). The call is ended when WhatsApp's terminate notification arrives (`call.ended`, with the duration).",
    ),
    path: "/v1/whatsapp/calls/{id}/terminate",
  },
  requestCallPermission: {
    method: "POST",
    path: "/v1/whatsapp/calls/permissions",
    tag: "Calls",
    scope: "whatsapp:send",
    summary: "Ask a customer for permission to call",
    description:
      "Sends WhatsApp's call permission request (an interactive `call_permission_request` message, within the 24-hour window: outside it WhatsApp wants a template, and this answers `WHATSAPP_SESSION_CLOSED`). WhatsApp allows one request a customer in 24 hours and two in 7 days: over either, 400 `WHATSAPP_CALL_PERMISSION_LIMIT` before any upstream call. The customer's answer updates the contact's `call_permission` and sends `call.permission_changed`.",
    body: permissionRequestBody,
    response: permissionRequestJson,
    status: 201,
    errors: [
      "VALIDATION_MISSING_FIELD",
      "VALIDATION_INVALID_FIELD",
      "VALIDATION_INVALID_PHONE",
      "WHATSAPP_CHANNEL_NOT_FOUND",
      "WHATSAPP_CALL_PERMISSION_LIMIT",
      "WHATSAPP_RECIPIENT_BLOCKED",
      "WHATSAPP_SESSION_CLOSED",
      "WHATSAPP_SEND_FAILED",
    ],
  },
  getCallSettings: {
    method: "GET",
    path: "/v1/whatsapp/channels/{id}/calling",
    tag: "Channels",
    scope: "whatsapp:send",
    summary: "Get a channel's calling settings",
    description:
      "The number's Calling API settings as last accepted by WhatsApp (null fields: never set through this API) and the ring time: how long a customer's call rings before it is rejected and logged as missed.",
    params: callSettingsParams,
    response: callSettingsJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
  updateCallSettings: {
    method: "PATCH",
    path: "/v1/whatsapp/channels/{id}/calling",
    tag: "Channels",
    scope: "whatsapp:send",
    summary: "Change a channel's calling settings",
    description:
      "Applies `status`, `call_icon_visibility`, `call_hours` and `callback_permission_status` through WhatsApp's settings API (`POST /{phone-number-id}/settings`) first, and stores them only when WhatsApp accepted them: a refusal answers 502 `WHATSAPP_SEND_FAILED` with WhatsApp's words and error object, and nothing changes. Fields left out keep their value; `call_hours` is replaced as a whole (holidays included, as WhatsApp does). `ring_seconds` (10–120, default 60) is ours and needs no upstream call.",
    params: callSettingsParams,
    body: updateCallSettingsBody,
    response: callSettingsJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND", "VALIDATION_INVALID_FIELD", "WHATSAPP_SEND_FAILED"],
  },
});
