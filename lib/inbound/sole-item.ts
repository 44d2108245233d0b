import type { Notification } from "@/lib/inbound/notification-schema";

/** The only item of a notification, when it holds one: one message alone, or one status alone. */
export type SoleItem = "message" | "status";

/**
 * Whether a notification holds one item and nothing else: one `messages` change (no other
 * change, in any entry) whose value holds one message or one status, not both. Such a
 * notification (the usual kind) is marked processed by the statement that writes its item,
 * not by a statement of its own. soleStatusMessageSql (lib/inbound/status-message.ts) reads a
 * sole status's message with the payload by a wider rule that holds whenever this answers "status".
 */
export function soleItem(notification: Notification): SoleItem | null {
  const changes = notification.entry.flatMap((e) => e.changes);
  const [change] = changes;
  if (changes.length !== 1 || change?.field !== "messages") return null;
  const value = change.value as { messages?: unknown; statuses?: unknown } | null;
  const messages = Array.isArray(value?.messages) ? value.messages.length : 0;
  const statuses = Array.isArray(value?.statuses) ? value.statuses.length : 0;
  if (messages + statuses !== 1) return null;
  return messages === 1 ? "message" : "status";
}
