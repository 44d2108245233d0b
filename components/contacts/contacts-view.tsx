"use client";

import { useState } from "react";
import { ContactFormDialog } from "@/components/contacts/contact-form-dialog";
import { ContactsTable } from "@/components/contacts/contacts-table";
import { DeleteContactDialog } from "@/components/contacts/delete-contact-dialog";
import { ExportButton } from "@/components/contacts/export-button";
import { ImportDialog } from "@/components/contacts/import-dialog";
import { useContacts } from "@/components/contacts/use-contacts";
import { PageHeader } from "@/components/dashboard/page-header";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import type { ContactJson } from "@/lib/contacts/schemas";
import { errorMessage } from "@/lib/dashboard/fetch-json";
import { hasRole, MANAGERS, type Role } from "@/lib/dashboard/roles";

const PER_PAGE = 25;

/** The contacts page. Agents list, create and edit; owners and admins also delete, import and export. */
export function ContactsView({ role }: { role: Role }) {
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ContactJson | "new" | null>(null);
  const [deleting, setDeleting] = useState<ContactJson | null>(null);
  const [importing, setImporting] = useState(false);
  const manager = hasRole(role, MANAGERS);
  const contacts = useContacts({ search, page: search === searchText.trim() ? page : 1, perPage: PER_PAGE });
  const newButton = <Button onClick={() => setEditing("new")}>New contact</Button>;

  return (
    <>
      <PageHeader
        title="Contacts"
        description="People you message. Phone numbers are unique in your organization."
        actions={
          <>
            {manager ? (
              <>
                <ExportButton />
                <Button variant="secondary" onClick={() => setImporting(true)}>
                  Import CSV
                </Button>
              </>
            ) : null}
            {newButton}
          </>
        }
      />
      <div className="mb-4 max-w-md">
        <Input
          label="Search contacts"
          hideLabel
          type="search"
          placeholder="Search by name, phone or e-mail"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {contacts.isPending ? (
        <TableSkeleton columns={6} label="Loading contacts" />
      ) : contacts.isError ? (
        <ErrorState
          title="Could not load the contacts"
          message={errorMessage(contacts.error)}
          onRetry={() => contacts.refetch()}
        />
      ) : contacts.data.total === 0 ? (
        search ? (
          <EmptyState title={`No contacts match “${search}”`}>
            Try part of a name, a number or an e-mail address.
          </EmptyState>
        ) : (
          <EmptyState title="No contacts yet" action={newButton}>
            Add one here, import a CSV, or create them through the API.
          </EmptyState>
        )
      ) : (
        <div
          aria-busy={contacts.isFetching}
          className={contacts.isPlaceholderData ? "opacity-60" : undefined}
        >
          <ContactsTable
            contacts={contacts.data.contacts}
            onEdit={setEditing}
            onDelete={manager ? setDeleting : undefined}
          />
          <Pagination
            page={contacts.data.page}
            perPage={PER_PAGE}
            total={contacts.data.total}
            noun="contacts"
            busy={contacts.isFetching}
            onPageChange={setPage}
          />
        </div>
      )}
      {editing !== null ? (
        <ContactFormDialog
          key={editing === "new" ? "new" : editing.id}
          target={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
      {manager ? <ImportDialog open={importing} onClose={() => setImporting(false)} /> : null}
    </>
  );
}
