import type { Metadata } from "next";
import { ComingSoon } from "@/components/dashboard/coming-soon";
import { RoleGate } from "@/components/dashboard/role-gate";
import { EVERYONE } from "@/lib/dashboard/roles";

export const metadata: Metadata = { title: "Overview · Messaging dashboard" };

/** Placeholder: replace ComingSoon with the page's view (see components/README.md). */
export default function OverviewPage() {
  return (
    <RoleGate path="/dashboard" roles={EVERYONE}>
      <ComingSoon
        title="Overview"
        description="Sends, inbound messages and delivery success over the last 24 hours and 7 days."
      />
    </RoleGate>
  );
}
