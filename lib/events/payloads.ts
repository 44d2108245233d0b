import type { z } from "zod";
import { broadcastCompletedData, broadcastPausedData } from "@/lib/events/broadcast-payloads";
import {
  callConnectedData,
  callEndedData,
  callPermissionChangedData,
  callRingingData,
} from "@/lib/events/call-payloads";
import {
  contactCreatedData,
  contactUpdatedData,
  conversationAssignedData,
  conversationOpenedData,
  conversationOwnerChangedData,
  conversationReopenedData,
  conversationResolvedData,
  webhookTestData,
} from "@/lib/events/contact-payloads";
import { declareEvents, type EventDeclaration } from "@/lib/events/declare-events";
import { flowCompletedData, flowHealthData, flowStatusChangedData } from "@/lib/events/flow-payloads";
import {
  messageDeletedData,
  messageDeliveredData,
  messageEditedData,
  messageFailedData,
  messageHeldData,
  messageInboundData,
  messageReadData,
  messageSentData,
} from "@/lib/events/message-payloads";
import type { EventName, TEST_EVENT_NAME } from "@/lib/events/names";
import { whatsappNotificationData } from "@/lib/events/whatsapp-payloads";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * Every event we send, with the schema of its `data`: one declaration each. lib/openapi turns
 * them into the document's `webhooks`; `recordEvent` builds every stored payload through them.
 * lib/events/payloads.test.ts fails when a name of lib/events/names.ts has no declaration here.
 */
export const EVENT_PAYLOADS = declareEvents({
  "message.inbound": {
    summary: "A customer's message arrived",
    description:
      "A new message from a customer: text, media (a reference exchanged for a link through `GET /v1/media/{id}`, never a URL), location, a button press or list choice, a reaction, contact cards. Interactive replies and template quick-reply presses arrive here too.",
    data: messageInboundData,
  },
  "message.sent": {
    summary: "A message was accepted by WhatsApp",
    description:
      "The upstream accepted a message of the business. Recorded from the send answer (without `pricing`) or from WhatsApp's status notification.",
    data: messageSentData,
  },
  "message.held": {
    summary: "WhatsApp accepted a template message but holds it",
    description:
      "Meta's template pacing: WhatsApp accepted the template message but holds it for a quality check (`pacing: held`, Meta's `held_for_quality_assessment`) or because the template is paused (`pacing: paused`). Recorded from the send answer, instead of `message.sent`: `message.sent` follows when WhatsApp releases and sends it, `message.failed` (132015) when it drops it. `status` stays `sent` (accepted), as the send answer says.",
    data: messageHeldData,
  },
  "message.delivered": {
    summary: "A message reached the recipient's device",
    description: "WhatsApp reported the message delivered to the recipient's phone.",
    data: messageDeliveredData,
  },
  "message.read": {
    summary: "The recipient read a message",
    description: "WhatsApp reported the message read (only when the recipient shares read receipts).",
    data: messageReadData,
  },
  "message.failed": {
    summary: "A message could not be sent",
    description:
      "The upstream refused or failed the message, or it never confirmed it within 10 minutes; `error` says why (with a `hint` for the codes met most).",
    data: messageFailedData,
  },
  "message.edited": {
    summary: "A customer edited a message",
    description:
      "On a number shared with the WhatsApp Business app, a message was edited; `content` is the new version (the original stays stored and shown beside it).",
    data: messageEditedData,
  },
  "message.deleted": {
    summary: "A message was deleted for everyone",
    description:
      "A message was revoked (deleted for everyone); the thread and the API show it as deleted from then on.",
    data: messageDeletedData,
  },
  "contact.created": {
    summary: "A contact was created",
    description:
      "Through the API, the dashboard, a CSV import, an outbound send to a new number or an inbound message.",
    data: contactCreatedData,
  },
  "contact.updated": {
    summary: "A contact changed",
    description: "A field of the contact changed; `changes` names which.",
    data: contactUpdatedData,
  },
  "conversation.opened": {
    summary: "A conversation started",
    description:
      "A customer wrote with no open conversation, or after 24 hours of quiet; or the business sent a message (a single send or a broadcast) to a customer with no open conversation.",
    data: conversationOpenedData,
  },
  "conversation.assigned": {
    summary: "A conversation was assigned",
    description: "A staff member was assigned the conversation.",
    data: conversationAssignedData,
  },
  "conversation.resolved": {
    summary: "A conversation was resolved",
    description: "The conversation was marked resolved; the customer's next message opens a new one.",
    data: conversationResolvedData,
  },
  "conversation.reopened": {
    summary: "A resolved conversation was reopened",
    description:
      "A staff member reopened a resolved conversation (the dashboard's Reopen): it is open again, with its assignee if it had one, and the customer's next message continues it.",
    data: conversationReopenedData,
  },
  "conversation.owner_changed": {
    summary: "Who answers a conversation changed",
    description:
      "On a number with a second responder (Meta's conversation routing, e.g. Meta Business Agent), the conversation moved between this service and the other responder: Meta's `messaging_handovers` notification, a customer's message Meta routed to the other responder (`standby`) or back to this service (`messages`), `POST /v1/whatsapp/conversations/{id}/take` / `release` / `pass` (or the dashboard's Take over / Hand back), or a reply that took the conversation (`reply`).",
    data: conversationOwnerChangedData,
  },
  "broadcast.completed": {
    summary: "A broadcast finished",
    description:
      "No recipient of the broadcast is pending any more: every one was sent (or failed, or was skipped). Statuses that arrive later still move the recipients and the broadcast's counts.",
    data: broadcastCompletedData,
  },
  "broadcast.paused": {
    summary: "A broadcast paused itself",
    description:
      "Most of a window of the broadcast's results (at least 40 of 50) failed with the same error, so it stopped sending: `pause` says which error and what to do. Nothing more is sent until someone resumes it (after fixing the cause) or cancels it. A pause by a person records no event.",
    data: broadcastPausedData,
  },
  "flow.completed": {
    summary: "A customer completed a Flow",
    description:
      "The customer submitted a WhatsApp Flow (Meta's `nfm_reply`). `fields` is what they filled in; `flowMessageId` (and `broadcastId`) name the Flow message answered, found by its flow token in this organization only. The same answer arrives as `message.inbound` (`content.interactive.type` `flow`). An answer whose response_json is not JSON is kept on the message (`malformed`) and records no `flow.completed`.",
    data: flowCompletedData,
  },
  "flow.status_changed": {
    summary: "WhatsApp changed a Flow's status",
    description:
      "Meta's `flows` webhook, event FLOW_STATUS_CHANGE: a Flow was published, deprecated, or throttled or blocked by WhatsApp's health checks of its data endpoint (and back). The Flow's `status` is updated at once. Only the organization whose channel holds the WhatsApp Business Account receives it.",
    data: flowStatusChangedData,
  },
  "flow.health": {
    summary: "WhatsApp warned about a Flow's health",
    description:
      "Meta's `flows` webhook alerts: CLIENT_ERROR_RATE, ENDPOINT_ERROR_RATE, ENDPOINT_LATENCY, ENDPOINT_AVAILABILITY (sent when the threshold is crossed, `alertState` ACTIVATED, and when back, DEACTIVATED) and FLOW_VERSION_EXPIRY_WARNING. WhatsApp throttles, then blocks, a Flow whose endpoint keeps failing: act on `problem: true` before it does. The latest alert is kept on the Flow (`health`) and shown on the Flows page.",
    data: flowHealthData,
  },
  "call.ringing": {
    summary: "A customer is calling",
    description:
      "A customer called the number (WhatsApp's `calls` notification, `connect` with an SDP offer). Answer with `POST /v1/whatsapp/calls/{id}/accept` and your SDP answer, or reject it; a call nobody answers ends as missed (`call.ended`).",
    data: callRingingData,
  },
  "call.connected": {
    summary: "A call was answered",
    description:
      "A customer's call was accepted (through the API: `answeredBy` `api`), or a customer answered a call the business placed (WhatsApp's `connect` with its SDP answer, in `sdpAnswer`).",
    data: callConnectedData,
  },
  "call.ended": {
    summary: "A call ended",
    description:
      "WhatsApp's `terminate` notification (or a rejection): `state` ended, missed (rang, never answered: the customer hung up, or the channel's ring time passed and the product rejected it, `endReason` missed), rejected or failed, with the duration WhatsApp measured.",
    data: callEndedData,
  },
  "call.permission_changed": {
    summary: "A customer answered a call permission request",
    description:
      "WhatsApp's `call_permission_reply`: the customer accepted (temporarily, until `expiresAt`, or permanently) or rejected calls from the business. The contact's `call_permission` shows it.",
    data: callPermissionChangedData,
  },
  "whatsapp.notification": {
    summary: "WhatsApp sent a notification the product does not process",
    description:
      'A change of a WhatsApp webhook notification whose `field` the product does not use (yet), passed on raw: `value` is exactly what WhatsApp sent. Opt-in: only a webhook that names `whatsapp.notification` in its `events` receives it ("All events" in the dashboard does not include it). The same notification is counted on the channel (dashboard, Channels page) and on `/metrics`.',
    data: whatsappNotificationData,
  },
  "webhook.test": {
    summary: "A test event",
    description:
      "Sent from the dashboard's **Send test event** to one webhook only; it changes nothing and no webhook subscribes to it.",
    data: webhookTestData,
  },
} satisfies Partial<Record<EventName | typeof TEST_EVENT_NAME, EventDeclaration>>);

export type DeclaredEventName = keyof typeof EVENT_PAYLOADS;

/** What a builder hands `recordEvent` for event `N`. */
export type EventDataInput<N extends DeclaredEventName> = z.input<(typeof EVENT_PAYLOADS)[N]["data"]>;

/** The stored payload of event `N`, as its declared schema builds it. */
export function buildEventData<N extends DeclaredEventName>(
  name: N,
  data: EventDataInput<N>,
): Prisma.InputJsonObject {
  // the schemas hold JSON values only (strings, numbers, booleans, null, arrays, objects)
  return EVENT_PAYLOADS[name].data.parse(data) as Prisma.InputJsonObject;
}

export function isDeclaredEvent(name: string): name is DeclaredEventName {
  return Object.hasOwn(EVENT_PAYLOADS, name);
}
