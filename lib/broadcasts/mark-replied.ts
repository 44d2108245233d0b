import { markRecipientsReplied } from "@/lib/broadcasts/repository/recipients";
import type { Tx } from "@/lib/events/record-event";

/** A broadcast message counts as replied when its customer writes within this long after delivery. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The contact wrote at `at`: each broadcast recipient of theirs whose message was delivered in
 * the 24 hours before (and not yet counted) is `replied` (the counts follow by trigger). One
 * indexed statement, in the transaction that stores the inbound message.
 */
export async function markReplied(
  organizationId: string,
  contactId: string,
  at: Date,
  tx: Tx,
): Promise<void> {
  await markRecipientsReplied(
    organizationId,
    contactId,
    { since: new Date(at.getTime() - REPLY_WINDOW_MS), at },
    tx,
  );
}
