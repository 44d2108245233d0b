import type { Metadata } from "next";
import { RoleGate } from "@/components/dashboard/role-gate";
import { FlowResponsesView } from "@/components/flows/flow-responses-view";
import { EVERYONE, hasRole, MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Flow responses · Messaging dashboard" };

export default async function FlowResponsesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RoleGate path={`/dashboard/flows/${encodeURIComponent(id)}`} roles={EVERYONE}>
      {(session) => <FlowResponsesView id={id} canExport={hasRole(session.role, MANAGERS)} />}
    </RoleGate>
  );
}
