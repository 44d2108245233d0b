import type { Metadata } from "next";
import { BroadcastDetailView } from "@/components/broadcasts/detail/broadcast-detail-view";
import { RoleGate } from "@/components/dashboard/role-gate";
import { EVERYONE, hasRole, MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Broadcast · Messaging dashboard" };

export default async function BroadcastPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RoleGate path={`/dashboard/broadcasts/${encodeURIComponent(id)}`} roles={EVERYONE}>
      {(session) => <BroadcastDetailView id={id} canManage={hasRole(session.role, MANAGERS)} />}
    </RoleGate>
  );
}
