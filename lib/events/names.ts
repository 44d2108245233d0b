import { z } from "zod";

export const EVENT_NAMES = [
  "message.inbound",
  "message.sent",
  "message.delivered",
  "message.read",
  "message.failed",
  "contact.created",
  "contact.updated",
  "conversation.opened",
  "conversation.assigned",
  "conversation.resolved",
  "broadcast.completed",
] as const;

export const eventNameSchema = z.enum(EVENT_NAMES);
export type EventName = z.infer<typeof eventNameSchema>;
