import { declareEndpoints } from "@/lib/api/endpoint";
import { BODY_LIMITS } from "@/lib/api/read-body";
import { createBroadcastRequest } from "@/lib/broadcasts/create-request";
import {
  broadcastJson,
  broadcastParams,
  createBroadcastBody,
  listBroadcastsQuery,
  listRecipientsQuery,
  recipientJson,
  retryJson,
} from "@/lib/broadcasts/schemas";

/** The four operations on one broadcast share their shape. */
const control = (verb: string, description: string) => ({
  method: "POST" as const,
  path: `/v1/whatsapp/broadcasts/{id}/${verb}` as const,
  tag: "Broadcasts" as const,
  scope: "whatsapp:send" as const,
  params: broadcastParams,
  description,
  response: broadcastJson,
  status: 200 as const,
  errors: ["RESOURCE_NOT_FOUND" as const, "RESOURCE_INVALID_STATE" as const],
});

export const BROADCAST_ENDPOINTS = declareEndpoints({
  createBroadcast: {
    method: "POST",
    path: "/v1/whatsapp/broadcasts",
    tag: "Broadcasts",
    scope: "whatsapp:send",
    summary: "Create a broadcast",
    description:
      "Sends an approved template to an audience: contacts carrying any of `audience.tags` (minus `audience.exclude_tags`), `audience.contact_ids`, and/or up to 10,000 inline `recipients` (an unknown number becomes a contact). Inline `recipients` need the key to hold `contacts:write` as well (else 403 `AUTH_INSUFFICIENT_SCOPE`), since an unknown number becomes a contact. The audience is resolved now, each contact once; recipients that cannot receive it are kept as `skipped` with a reason (`missing_variable`, `invalid_phone`, `opted_out` for MARKETING templates, `duplicate`, `blocked`). Text and payload parameters may hold placeholders: `{{contact.name}}`, `{{contact.phone}}`, `{{contact.email}}`, `{{contact.custom_fields.KEY}}`, `{{variables.KEY}}`, each with an optional fallback (`{{contact.name|there}}`). The worker sends at the channel's pace, keeping a share of its throughput for live replies; `scheduled_at` (within 30 days) starts it later. What concerns the whole broadcast (channel, template, components, placeholders, an empty audience) answers an error with nothing stored. Body limit 5 MiB.",
    body: createBroadcastRequest,
    documentedBody: createBroadcastBody,
    maxBodyBytes: BODY_LIMITS.v1Broadcast,
    response: broadcastJson,
    status: 201,
    errors: [
      "VALIDATION_MISSING_FIELD",
      "VALIDATION_INVALID_FIELD",
      "WHATSAPP_CHANNEL_NOT_FOUND",
      "WHATSAPP_TEMPLATE_NOT_FOUND",
      "WHATSAPP_TEMPLATE_REJECTED",
      "WHATSAPP_TEMPLATE_INVALID_COMPONENTS",
      "WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX",
      "WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE",
    ],
  },
  listBroadcasts: {
    method: "GET",
    path: "/v1/whatsapp/broadcasts",
    tag: "Broadcasts",
    scope: "whatsapp:send",
    summary: "List broadcasts",
    description: "Newest first, each with its counts.",
    query: listBroadcastsQuery,
    response: broadcastJson,
    list: true,
    status: 200,
    errors: [],
  },
  getBroadcast: {
    method: "GET",
    path: "/v1/whatsapp/broadcasts/{id}",
    tag: "Broadcasts",
    scope: "whatsapp:send",
    summary: "Get a broadcast",
    description:
      "Its status and counts: `sent` counts every recipient whose message went out (delivered and read included), `delivered` includes read, `replied` the recipients who wrote within 24 hours after delivery.",
    params: broadcastParams,
    response: broadcastJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
  listBroadcastRecipients: {
    method: "GET",
    path: "/v1/whatsapp/broadcasts/{id}/recipients",
    tag: "Broadcasts",
    scope: "whatsapp:send",
    summary: "List a broadcast's recipients",
    description:
      "In send order, optionally of one `status`; a failed recipient carries the upstream's code and what it means. `to` (a phone number, contact data) is null unless the key also holds `contacts:read`.",
    params: broadcastParams,
    query: listRecipientsQuery,
    response: recipientJson,
    list: true,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
  pauseBroadcast: {
    ...control(
      "pause",
      "A scheduled or running broadcast stops sending; messages already handed to the upstream complete.",
    ),
    summary: "Pause a broadcast",
  },
  resumeBroadcast: {
    ...control("resume", "A paused broadcast continues where it stopped (or waits for its scheduled_at)."),
    summary: "Resume a broadcast",
  },
  cancelBroadcast: {
    ...control(
      "cancel",
      "Pending recipients become `skipped` (reason `cancelled`); messages already handed to the upstream complete.",
    ),
    summary: "Cancel a broadcast",
  },
  retryBroadcast: {
    ...control(
      "retry",
      "Failed recipients whose error may clear later (throughput and pair limits, 131049, transient upstream errors) go back to pending; a completed broadcast runs again. Answers how many.",
    ),
    summary: "Retry failed recipients",
    response: retryJson,
  },
});
