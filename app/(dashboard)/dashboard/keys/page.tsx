import type { Metadata } from "next";
import { RoleGate } from "@/components/dashboard/role-gate";
import { ApiKeysView } from "@/components/keys/api-keys-view";
import { MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "API keys · Messaging dashboard" };

export default function ApiKeysPage() {
  return (
    <RoleGate path="/dashboard/keys" roles={MANAGERS}>
      <ApiKeysView />
    </RoleGate>
  );
}
