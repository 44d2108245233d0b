import type { Metadata } from "next";
import { RoleGate } from "@/components/dashboard/role-gate";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Webhooks · Messaging dashboard" };

export default function WebhooksPage() {
  return (
    <RoleGate path="/dashboard/webhooks" roles={MANAGERS}>
      <WebhooksView />
    </RoleGate>
  );
}
