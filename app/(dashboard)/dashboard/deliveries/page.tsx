import type { Metadata } from "next";
import { Suspense } from "react";
import { RoleGate } from "@/components/dashboard/role-gate";
import { DeliveriesView } from "@/components/deliveries/deliveries-view";
import { Loading } from "@/components/ui/skeleton";
import { SUPPORT } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Deliveries · Messaging dashboard" };

export default function DeliveriesPage() {
  return (
    <RoleGate path="/dashboard/deliveries" roles={SUPPORT}>
      <Suspense fallback={<Loading label="Loading deliveries" />}>
        <DeliveriesView />
      </Suspense>
    </RoleGate>
  );
}
