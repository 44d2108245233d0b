import type { Metadata } from "next";
import { ComingSoon } from "@/components/dashboard/coming-soon";
import { RoleGate } from "@/components/dashboard/role-gate";
import { EVERYONE } from "@/lib/dashboard/roles";

export const metadata: Metadata = { title: "Templates · Messaging dashboard" };

/** Placeholder: replace ComingSoon with the page's view (see components/README.md). */
export default function TemplatesPage() {
  return (
    <RoleGate path="/dashboard/templates" roles={EVERYONE}>
      <ComingSoon
        title="Templates"
        description="Message templates of each channel, with languages and approval status."
      />
    </RoleGate>
  );
}
