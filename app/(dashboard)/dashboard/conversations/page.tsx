import type { Metadata } from "next";
import { Suspense } from "react";
import { ConversationsView } from "@/components/conversations/conversations-view";
import { MarkReadSetting } from "@/components/conversations/mark-read-setting";
import { RoleGate } from "@/components/dashboard/role-gate";
import { Loading } from "@/components/ui/skeleton";
import { EVERYONE, hasRole, MANAGERS } from "@/lib/auth/roles";
import type { DashboardSession } from "@/lib/auth/session";
import { getOrgSettings } from "@/lib/organizations/get-org-settings";

export const metadata: Metadata = { title: "Conversations · Messaging dashboard" };

export default function ConversationsPage() {
  return (
    <RoleGate path="/dashboard/conversations" roles={EVERYONE}>
      {(session) => (
        <Suspense fallback={<Loading label="Loading conversations" />}>
          <ConversationsWithSettings session={session} />
        </Suspense>
      )}
    </RoleGate>
  );
}

/** The organization's read-receipt choice reaches the page from the server. */
async function ConversationsWithSettings({ session }: { session: DashboardSession }) {
  const settings = await getOrgSettings(session.organizationId);
  return (
    <ConversationsView
      userId={session.userId}
      setting={
        <MarkReadSetting enabled={settings.mark_read_on_open} canChange={hasRole(session.role, MANAGERS)} />
      }
    />
  );
}
