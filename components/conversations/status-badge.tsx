import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ConversationStatus } from "@/lib/conversations/conversation-schemas";

const TONE: Record<ConversationStatus, BadgeTone> = {
  open: "info",
  assigned: "warning",
  resolved: "success",
};
export const STATUS_LABEL: Record<ConversationStatus, string> = {
  open: "Open",
  assigned: "Assigned",
  resolved: "Resolved",
};

export function StatusBadge({ status }: { status: ConversationStatus }) {
  return <Badge tone={TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}
