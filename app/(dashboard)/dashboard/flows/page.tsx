import type { Metadata } from "next";
import { RoleGate } from "@/components/dashboard/role-gate";
import { FlowsView } from "@/components/flows/flows-view";
import { EVERYONE, hasRole, MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Flows · Messaging dashboard" };

export default function FlowsPage() {
  return (
    <RoleGate path="/dashboard/flows" roles={EVERYONE}>
      {(session) => <FlowsView canPublish={hasRole(session.role, MANAGERS)} />}
    </RoleGate>
  );
}
