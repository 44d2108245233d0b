import { z } from "zod";

export const EVENT_NAMES = [
  "message.inbound",
  "message.sent",
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
  "conversation.owner_changed",
  "broadcast.completed",
  "broadcast.paused",
] as const;

export const eventNameSchema = z.enum(EVENT_NAMES);
export type EventName = z.infer<typeof eventNameSchema>;

/**
 * The name of the dashboard's test event. It is not one of the contract's event names, so no
 * receiver mistakes it for a real change, and no webhook subscribes to it: it only ever goes
 * to the one webhook it was sent to.
 */
export const TEST_EVENT_NAME = "webhook.test";
