import type { Metadata } from "next";
import { RoleGate } from "@/components/dashboard/role-gate";
import { TemplatesView } from "@/components/templates/templates-view";
import { EVERYONE } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Templates · Messaging dashboard" };

export default function TemplatesPage() {
  return (
    <RoleGate path="/dashboard/templates" roles={EVERYONE}>
      <TemplatesView />
    </RoleGate>
  );
}
