import type { Metadata } from "next";
import { Suspense } from "react";
import { RoleGate } from "@/components/dashboard/role-gate";
import { Loading } from "@/components/ui/skeleton";
import { EVERYONE } from "@/lib/auth/roles";
import { ConversationsWithSettings } from "./conversations-with-settings";

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
