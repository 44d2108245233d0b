import type { Metadata } from "next";
import { ComingSoon } from "@/components/dashboard/coming-soon";
import { RoleGate } from "@/components/dashboard/role-gate";
import { MANAGERS } from "@/lib/dashboard/roles";

export const metadata: Metadata = { title: "Webhooks · Messaging dashboard" };

/** Placeholder: replace ComingSoon with the page's view (see components/README.md). */
export default function WebhooksPage() {
  return (
    <RoleGate path="/dashboard/webhooks" roles={MANAGERS}>
      <ComingSoon
        title="Webhooks"
        description="Endpoints that receive signed events, with their recent success rate."
      />
    </RoleGate>
  );
}
