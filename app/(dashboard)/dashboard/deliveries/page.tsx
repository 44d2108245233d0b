import type { Metadata } from "next";
import { Suspense } from "react";
import { RoleGate } from "@/components/dashboard/role-gate";
import { DeliveriesView } from "@/components/deliveries/deliveries-view";
import { Loading } from "@/components/ui/skeleton";
import { hasRole, MANAGERS, SUPPORT } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Deliveries · Messaging dashboard" };

export default function DeliveriesPage() {
  return (
    <RoleGate path="/dashboard/deliveries" roles={SUPPORT}>
      {(session) => (
        <Suspense fallback={<Loading label="Loading deliveries" />}>
          <DeliveriesView manager={hasRole(session.role, MANAGERS)} />
        </Suspense>
      )}
    </RoleGate>
  );
}
