import type { Metadata } from "next";
import { CallingSettings } from "@/components/channels/calling-settings";
import { ChannelsView } from "@/components/channels/channels-view";
import { PageHeader } from "@/components/dashboard/page-header";
import { RoleGate } from "@/components/dashboard/role-gate";
import { EVERYONE, hasRole, MANAGERS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Channels · Messaging dashboard" };

/** Owners and admins manage the channels; agents read the calling settings of the calls they answer. */
export default function ChannelsPage() {
  return (
    <RoleGate path="/dashboard/channels" roles={EVERYONE}>
      {(session) =>
        hasRole(session.role, MANAGERS) ? (
          <ChannelsView />
        ) : (
          <>
            <PageHeader
              title="Channels"
              description="Your WhatsApp numbers' calling settings. Owners and admins manage the channels."
            />
            <CallingSettings canEdit={false} />
          </>
        )
      }
    </RoleGate>
  );
}
