import type { Metadata } from "next";
import { Suspense } from "react";
import { ConversationsView } from "@/components/conversations/conversations-view";
import { RoleGate } from "@/components/dashboard/role-gate";
import { Loading } from "@/components/ui/skeleton";
import { EVERYONE } from "@/lib/dashboard/roles";

export const metadata: Metadata = { title: "Conversations · Messaging dashboard" };

export default function ConversationsPage() {
  return (
    <RoleGate path="/dashboard/conversations" roles={EVERYONE}>
      {(session) => (
        <Suspense fallback={<Loading label="Loading conversations" />}>
          <ConversationsView userId={session.userId} />
        </Suspense>
      )}
    </RoleGate>
  );
}
