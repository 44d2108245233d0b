import "#server-only";
import { listWaitingConversations } from "@/lib/conversations/repository/overview";
import { OVERVIEW_LIMITS, type WaitingJson } from "@/lib/dashboard/overview-schemas";

/**
 * Conversations waiting for the business's answer: open or assigned, and the customer wrote
 * since the business last sent a message that did not fail (a failed reply answers no one; a
 * message sent from the WhatsApp Business app does). The wait begins at the customer's first
 * message after that answer.
 *
 * Bounded: of each status (open, assigned), at most OVERVIEW_LIMITS.waitingScan conversations by
 * most recent activity and as many by least recent (the longest waits are there) are looked at
 * (listWaitingConversations says through which indexes).
 * With more unresolved conversations than that the count is a lower bound (`capped`), decided
 * here: an organization with thousands of unresolved conversations reads "at least".
 */
export async function waitingConversations(organizationId: string): Promise<WaitingJson> {
  const scan = OVERVIEW_LIMITS.waitingScan;
  const rows = await listWaitingConversations(organizationId, { scan, shown: OVERVIEW_LIMITS.waiting });
  const first = rows[0];
  const scanned = first?.scanned ?? 0;
  return {
    count: first?.total ?? 0,
    // both scans of a status full: it may have more conversations than were looked at
    capped: scanned >= 2 * scan,
    oldest_since: first ? first.waiting_since.toISOString() : null,
    conversations: rows.map((r) => ({
      id: r.id,
      status: r.status,
      contact: { name: r.name, phone: r.phone, username: r.username, bsuid: r.bsuid },
      waiting_since: r.waiting_since.toISOString(),
      assignee: r.assignee,
    })),
  };
}
