import type { Metadata } from "next";
import { Suspense } from "react";
import { RoleGate } from "@/components/dashboard/role-gate";
import { Loading } from "@/components/ui/skeleton";
import { EVERYONE } from "@/lib/auth/roles";
import { ConversationsWithSettings } from "../conversations-with-settings";

export const metadata: Metadata = { title: "Conversation · Messaging dashboard" };

/** One conversation's own address: the list with this thread open (Back returns to the list). */
export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RoleGate path={`/dashboard/conversations/${encodeURIComponent(id)}`} roles={EVERYONE}>
      {(session) => (
        <Suspense fallback={<Loading label="Loading the conversation" />}>
          <ConversationsWithSettings session={session} conversationId={id} />
        </Suspense>
      )}
    </RoleGate>
  );
}
