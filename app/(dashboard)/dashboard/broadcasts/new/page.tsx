import type { Metadata } from "next";
import { NewBroadcastView } from "@/components/broadcasts/new/new-broadcast-view";
import { RoleGate } from "@/components/dashboard/role-gate";
import { MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "New broadcast · Messaging dashboard" };

export default function NewBroadcastPage() {
  return (
    <RoleGate path="/dashboard/broadcasts/new" roles={MANAGERS}>
      <NewBroadcastView />
    </RoleGate>
  );
}
