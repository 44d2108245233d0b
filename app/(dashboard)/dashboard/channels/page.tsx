import type { Metadata } from "next";
import { ChannelsView } from "@/components/channels/channels-view";
import { RoleGate } from "@/components/dashboard/role-gate";
import { MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Channels · Messaging dashboard" };

export default function ChannelsPage() {
  return (
    <RoleGate path="/dashboard/channels" roles={MANAGERS}>
      <ChannelsView />
    </RoleGate>
  );
}
