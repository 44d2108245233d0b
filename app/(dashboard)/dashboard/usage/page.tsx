import type { Metadata } from "next";
import { RoleGate } from "@/components/dashboard/role-gate";
import { UsageView } from "@/components/usage/usage-view";
import { MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Usage · Messaging dashboard" };

export default function UsagePage() {
  return (
    <RoleGate path="/dashboard/usage" roles={MANAGERS}>
      {(session) => <UsageView owner={session.role === "owner"} />}
    </RoleGate>
  );
}
