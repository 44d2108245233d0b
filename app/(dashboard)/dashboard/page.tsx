import type { Metadata } from "next";
import { RoleGate } from "@/components/dashboard/role-gate";
import { OverviewView } from "@/components/overview/overview-view";
import { EVERYONE, hasRole, MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Overview · Messaging dashboard" };

export default function OverviewPage() {
  return (
    <RoleGate path="/dashboard" roles={EVERYONE}>
      {(session) => <OverviewView manager={hasRole(session.role, MANAGERS)} />}
    </RoleGate>
  );
}
