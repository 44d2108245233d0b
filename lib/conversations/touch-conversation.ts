import {
  findContinuedConversation,
  insertConversation,
  updateConversation,
} from "@/lib/conversations/repository/conversations";
import type { Tx } from "@/lib/events/record-event";

/** A conversation quiet this long is over: the next message opens a new one (design.md lifecycle). */
export const CONVERSATION_QUIET_MS = 24 * 60 * 60 * 1000;

/**
 * design.md lifecycle: a message continues the contact's conversation unless that one is
 * resolved or has been quiet for 24 hours, in which case a new one opens.
 *
 * `at` is when the message was written (the quiet rule counts from it); `storedAt`, the
 * message's own created_at when it differs (an inbound message's receipt, to the millisecond),
 * becomes the last activity: the inbox orders by it, and the upstream's whole-second
 * timestamps would tie customers who wrote in the same second.
 */
export async function touchConversation(
  tx: Tx,
  input: { organizationId: string; contactId: string; channelId: string | null; at: Date; storedAt?: Date },
) {
  const activity = input.storedAt && input.storedAt > input.at ? input.storedAt : input.at;
  const { organizationId } = input;
  const current = await findContinuedConversation(
    organizationId,
    input.contactId,
    new Date(input.at.getTime() - CONVERSATION_QUIET_MS),
    tx,
  );
  if (current) {
    const conversation = await updateConversation(
      organizationId,
      current.id,
      {
        lastActivityAt: new Date(Math.max(current.lastActivityAt.getTime(), activity.getTime())),
        channelId: current.channelId ?? input.channelId,
      },
      tx,
    );
    return { conversation, opened: false };
  }
  const conversation = await insertConversation(
    organizationId,
    {
      contactId: input.contactId,
      channelId: input.channelId,
      status: "open",
      openedAt: input.at,
      lastActivityAt: activity,
    },
    tx,
  );
  return { conversation, opened: true };
}
