import type { Metadata } from "next";
import { RoleGate } from "@/components/dashboard/role-gate";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { MANAGERS } from "@/lib/auth/roles";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "Webhooks · Messaging dashboard" };

export default function WebhooksPage() {
  return (
    <RoleGate path="/dashboard/webhooks" roles={MANAGERS}>
      <WebhooksView allowLoopback={config().ALLOW_LOOPBACK_URLS} />
    </RoleGate>
  );
}
