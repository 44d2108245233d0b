import type { Metadata } from "next";
import { ComingSoon } from "@/components/dashboard/coming-soon";
import { RoleGate } from "@/components/dashboard/role-gate";
import { EVERYONE } from "@/lib/dashboard/roles";

export const metadata: Metadata = { title: "Conversations · Messaging dashboard" };

/** Placeholder: replace ComingSoon with the page's view (see components/README.md). */
export default function ConversationsPage() {
  return (
    <RoleGate path="/dashboard/conversations" roles={EVERYONE}>
      <ComingSoon
        title="Conversations"
        description="Open, assigned and resolved conversations with their message threads."
      />
    </RoleGate>
  );
}
