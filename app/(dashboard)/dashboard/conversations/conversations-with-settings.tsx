import { ConversationsView } from "@/components/conversations/conversations-view";
import { MarkReadSetting } from "@/components/conversations/mark-read-setting";
import { hasRole, MANAGERS } from "@/lib/auth/roles";
import type { DashboardSession } from "@/lib/auth/session";
import { getOrgSettings } from "@/lib/organizations/get-org-settings";

/** The organization's read-receipt choice reaches the page from the server. */
export async function ConversationsWithSettings({
  session,
  conversationId = null,
}: {
  session: DashboardSession;
  conversationId?: string | null;
}) {
  const settings = await getOrgSettings(session.organizationId);
  return (
    <ConversationsView
      userId={session.userId}
      conversationId={conversationId}
      setting={
        <MarkReadSetting enabled={settings.mark_read_on_open} canChange={hasRole(session.role, MANAGERS)} />
      }
    />
  );
}
