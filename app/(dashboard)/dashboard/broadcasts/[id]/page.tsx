import type { Metadata } from "next";
import { BroadcastDetailView } from "@/components/broadcasts/detail/broadcast-detail-view";
import { recipientFilterOf } from "@/components/broadcasts/detail/recipient-filters";
import { RoleGate } from "@/components/dashboard/role-gate";
import { EVERYONE, hasRole, MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Broadcast · Messaging dashboard" };

export default async function BroadcastPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  // the Overview links a broadcast's failures here: ?recipients=failed opens the recipients on that status
  const recipients = recipientFilterOf((await searchParams).recipients);
  return (
    <RoleGate path={`/dashboard/broadcasts/${encodeURIComponent(id)}`} roles={EVERYONE}>
      {(session) => (
        <BroadcastDetailView id={id} canManage={hasRole(session.role, MANAGERS)} recipients={recipients} />
      )}
    </RoleGate>
  );
}
