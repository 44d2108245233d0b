import type { Metadata } from "next";
import { BroadcastsView } from "@/components/broadcasts/broadcasts-view";
import { RoleGate } from "@/components/dashboard/role-gate";
import { EVERYONE, hasRole, MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Broadcasts · Messaging dashboard" };

export default function BroadcastsPage() {
  return (
    <RoleGate path="/dashboard/broadcasts" roles={EVERYONE}>
      {(session) => <BroadcastsView canManage={hasRole(session.role, MANAGERS)} />}
    </RoleGate>
  );
}
