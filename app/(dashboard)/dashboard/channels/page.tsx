import type { Metadata } from "next";
import { ComingSoon } from "@/components/dashboard/coming-soon";
import { RoleGate } from "@/components/dashboard/role-gate";
import { MANAGERS } from "@/lib/dashboard/roles";

export const metadata: Metadata = { title: "Channels · Messaging dashboard" };

/** Placeholder: replace ComingSoon with the page's view (see components/README.md). */
export default function ChannelsPage() {
  return (
    <RoleGate path="/dashboard/channels" roles={MANAGERS}>
      <ComingSoon title="Channels" description="WhatsApp phone numbers connected to this organization." />
    </RoleGate>
  );
}
