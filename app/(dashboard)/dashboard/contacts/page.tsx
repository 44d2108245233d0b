import type { Metadata } from "next";
import { ContactsView } from "@/components/contacts/contacts-view";
import { RoleGate } from "@/components/dashboard/role-gate";
import { EVERYONE } from "@/lib/auth/roles";
import type { DashboardSession } from "@/lib/auth/session";
import { getOrgSettings } from "@/lib/organizations/get-org-settings";

export const metadata: Metadata = { title: "Contacts · Messaging dashboard" };

export default function ContactsPage() {
  return (
    <RoleGate path="/dashboard/contacts" roles={EVERYONE}>
      {(session) => <ContactsWithSettings session={session} />}
    </RoleGate>
  );
}

/** The organization's default country reaches the view from the server: no flash of "US". */
async function ContactsWithSettings({ session }: { session: DashboardSession }) {
  const settings = await getOrgSettings(session.organizationId);
  return <ContactsView role={session.role} defaultCountry={settings.default_country} />;
}
