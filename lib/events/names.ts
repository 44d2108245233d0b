import { z } from "zod";

export const EVENT_NAMES = [
  "message.inbound",
  "message.sent",
  "message.held",
  "message.delivered",
  "message.read",
  "message.failed",
  "message.edited",
  "message.deleted",
  "contact.created",
  "contact.updated",
  "conversation.opened",
  "conversation.assigned",
  "conversation.resolved",
  "conversation.reopened",
  "conversation.owner_changed",
  "broadcast.completed",
  "broadcast.paused",
  "flow.completed",
  "flow.status_changed",
  "flow.health",
  "call.ringing",
  "call.connected",
  "call.ended",
  "call.permission_changed",
  "whatsapp.notification",
] as const;

/**
 * Events a webhook receives only when it names them: "All events" (the dashboard's choice) leaves
 * them out. `whatsapp.notification` is raw upstream data, of any shape and volume Meta chooses
 * (issue 30): a receiver built for our declared events should not start getting it unasked.
 */
export const OPT_IN_EVENT_NAMES = [
  "whatsapp.notification",
] as const satisfies readonly (typeof EVENT_NAMES)[number][];

/** What "All events" subscribes to: every event but the opt-in ones. */
export const ALL_EVENTS_CHOICE = EVENT_NAMES.filter(
  (e) => !(OPT_IN_EVENT_NAMES as readonly string[]).includes(e),
);

/**
 * What a webhook's `events` holds to receive every event but the opt-in ones, also the events
 * declared after it was saved (the `all_events` column; the fan-out of the outbox, lib/events/repository.ts,
 * matches it against ALL_EVENTS_CHOICE of the running code). Opt-in names may stand beside it.
 */
export const ALL_EVENTS = "*";

export const eventNameSchema = z.enum(EVENT_NAMES);
export type EventName = z.infer<typeof eventNameSchema>;

/**
 * The name of the dashboard's test event. It is not one of the contract's event names, so no
 * receiver mistakes it for a real change, and no webhook subscribes to it: it only ever goes
 * to the one webhook it was sent to.
 */
export const TEST_EVENT_NAME = "webhook.test";
