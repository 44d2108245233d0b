"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { ContactJson } from "@/lib/contacts/schemas";

/** A row of the dashboard's list: /v1's contact (with its BSUID, username and blocked flag). */
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
          <Th>E-mail</Th>
          <Th>Tags</Th>
          <Th>Custom fields</Th>
          <Th>Created</Th>
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
              <Td className="font-medium">
                {c.name ?? <span className="text-slate-600">No name</span>}
                {c.username ? (
                  <span className="block text-xs font-normal text-slate-600" title="WhatsApp username">
                    {c.username}
                  </span>
                ) : null}
                {c.blocked ? (
                  <Badge tone="danger" className="mt-1">
                    Blocked
                  </Badge>
                ) : null}
              </Td>
              <Td label="Phone" className="font-mono text-xs whitespace-nowrap">
                {c.phone ?? (c.bsuid ? <span title="Business-scoped user id">BSUID {c.bsuid}</span> : "—")}
              </Td>
              <Td label="E-mail" className="max-w-56 truncate">
                {c.email ?? "—"}
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
              </Td>
              <Td label="Custom fields" className="text-slate-600" title={fields.join(", ")}>
                {fields.length === 0 ? "—" : fields.length}
              </Td>
              <Td label="Created" className="whitespace-nowrap">
                {formatDate(c.created_at)}
              </Td>
              <Td className="text-right whitespace-nowrap">
                <Button variant="ghost" size="sm" onClick={() => onEdit(c)}>
                  Edit<span className="sr-only"> {label}</span>
                </Button>
                {onDelete ? (
                  <Button variant="ghostDanger" size="sm" onClick={() => onDelete(c)}>
                    Delete<span className="sr-only"> {label}</span>
                  </Button>
                ) : null}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
