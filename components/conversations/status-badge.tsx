import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ConversationStatus, InboxView } from "@/lib/conversations/conversation-schemas";

export const VIEW_LABEL: Record<InboxView, string> = { open: "Open", resolved: "Resolved" };

/** Open or resolved: an assigned conversation is open (its assignee is shown beside it). */
export function viewOf(status: ConversationStatus): InboxView {
  return status === "resolved" ? "resolved" : "open";
}

const TONE: Record<InboxView, BadgeTone> = { open: "info", resolved: "success" };

export function StatusBadge({ status }: { status: ConversationStatus }) {
  const view = viewOf(status);
  return <Badge tone={TONE[view]}>{VIEW_LABEL[view]}</Badge>;
}
