"use client";

import { ContactStatusBadges } from "@/components/contacts/contact-status-badges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { ContactJson } from "@/lib/contacts/schemas";

/** A row of the dashboard's list: /v1's contact (with its WhatsApp user ID, username and blocked flag). */
export type ContactRowJson = ContactJson;

import { formatDate } from "@/components/lib/format";

export type ContactsTableProps = {
  contacts: ContactRowJson[];
  onEdit: (contact: ContactJson) => void;
  /** absent when the role may not delete */
  onDelete?: (contact: ContactJson) => void;
};

const MAX_TAGS_SHOWN = 4;

export function ContactsTable({ contacts, onEdit, onDelete }: ContactsTableProps) {
  return (
    <Table caption="Contacts">
      <THead>
        <tr>
          <Th>Name</Th>
          <Th>Phone</Th>
          <Th>Tags</Th>
          <Th className="max-lg:hidden">Created</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {contacts.map((c) => {
          const label = c.name ?? c.phone ?? c.bsuid ?? "contact";
          const fields = Object.keys(c.custom_fields);
          return (
            <Tr key={c.id}>
              <Td className="min-w-0">
                <span className="block font-medium break-words">
                  {c.name ?? <span className="text-slate-600">No name</span>}
                </span>
                {c.username ? (
                  <span className="block text-xs text-slate-600" title="WhatsApp username">
                    {c.username}
                  </span>
                ) : null}
                {c.email ? <span className="block text-xs break-all text-slate-600">{c.email}</span> : null}
                <ContactStatusBadges contact={c} className="mt-1" />
              </Td>
              <Td label="Phone" className="font-mono text-xs whitespace-nowrap">
                {c.phone ??
                  (c.bsuid ? (
                    <span title="The customer shares no phone number: WhatsApp gives this ID instead">
                      WhatsApp user ID {c.bsuid}
                    </span>
                  ) : (
                    "—"
                  ))}
              </Td>
              <Td label="Tags">
                <div className="flex max-w-xs flex-wrap gap-1">
                  {c.tags.slice(0, MAX_TAGS_SHOWN).map((t) => (
                    <Badge key={t} tone="info">
                      {t}
                    </Badge>
                  ))}
                  {c.tags.length > MAX_TAGS_SHOWN ? <Badge>+{c.tags.length - MAX_TAGS_SHOWN}</Badge> : null}
                </div>
                {fields.length > 0 ? (
                  <span className="mt-1 block text-xs text-slate-600" title={fields.join(", ")}>
                    {fields.length} custom field{fields.length === 1 ? "" : "s"}
                  </span>
                ) : null}
              </Td>
              <Td label="Created" className="whitespace-nowrap max-lg:hidden">
                {formatDate(c.created_at)}
              </Td>
              <Td className="text-right">
                <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                  <Button variant="secondary" size="sm" onClick={() => onEdit(c)}>
                    Edit<span className="sr-only"> {label}</span>
                  </Button>
                  {onDelete ? (
                    <Button variant="ghostDanger" size="sm" onClick={() => onDelete(c)}>
                      Delete<span className="sr-only"> {label}</span>
                    </Button>
                  ) : null}
                </div>
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
