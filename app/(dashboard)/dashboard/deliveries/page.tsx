import type { Metadata } from "next";
import { ComingSoon } from "@/components/dashboard/coming-soon";
import { RoleGate } from "@/components/dashboard/role-gate";
import { MANAGERS } from "@/lib/dashboard/roles";

export const metadata: Metadata = { title: "Deliveries · Messaging dashboard" };

/** Placeholder: replace ComingSoon with the page's view (see components/README.md). */
export default function DeliveriesPage() {
  return (
    <RoleGate path="/dashboard/deliveries" roles={MANAGERS}>
      <ComingSoon
        title="Deliveries"
        description="Every webhook delivery with its attempts; redeliver failed ones."
      />
    </RoleGate>
  );
}
