import type { Metadata } from "next";
import { ContactsView } from "@/components/contacts/contacts-view";
import { RoleGate } from "@/components/dashboard/role-gate";
import { EVERYONE } from "@/lib/dashboard/roles";

export const metadata: Metadata = { title: "Contacts · Messaging dashboard" };

export default function ContactsPage() {
  return (
    <RoleGate path="/dashboard/contacts" roles={EVERYONE}>
      {(session) => <ContactsView role={session.role} />}
    </RoleGate>
  );
}
