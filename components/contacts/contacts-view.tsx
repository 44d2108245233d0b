"use client";

import { useState } from "react";
import { ContactFormDialog } from "@/components/contacts/contact-form-dialog";
import { ContactsTable } from "@/components/contacts/contacts-table";
import { DefaultCountry } from "@/components/contacts/default-country";
import { DeleteContactDialog } from "@/components/contacts/delete-contact-dialog";
import { ExportButton } from "@/components/contacts/export-button";
import { ImportDialog } from "@/components/contacts/import-dialog";
import { useContacts, useTagSuggestions } from "@/components/contacts/use-contacts";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useUrlParams } from "@/components/ui/use-url-params";
import { useUrlSearch } from "@/components/ui/use-url-search";
import { hasRole, MANAGERS, type Role } from "@/lib/auth/roles";
import { CONTACT_SORTS, type ContactSort, isContactSort } from "@/lib/contacts/contact-list-query";
import { contactSearchTerm } from "@/lib/contacts/phone-input";
import type { ContactJson } from "@/lib/contacts/schemas";

const PER_PAGE = 25;

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * The contacts page. Agents list, create and edit; owners and admins also delete, import and
 * export, and set the default country. Search (`q`) and page live in the URL: reload, Back and
 * a shared link show the same list. A number typed in any form is searched as the organization's
 * default country reads it: "(212) 555-0210" finds +12125550210.
 */
export function ContactsView({ role, defaultCountry }: { role: Role; defaultCountry: string }) {
  const { params, push } = useUrlParams();
  const [searchText, setSearchText, urlSearch] = useUrlSearch("q");
  const page = pageOf(params.get("page"));
  const [editing, setEditing] = useState<ContactJson | "new" | null>(null);
  const [deleting, setDeleting] = useState<ContactJson | null>(null);
  const [importing, setImporting] = useState(false);
  const manager = hasRole(role, MANAGERS);

  const search = contactSearchTerm(urlSearch, defaultCountry);
  const rawSort = params.get("sort");
  const sort: ContactSort = isContactSort(rawSort) ? rawSort : "newest";
  const tag = params.get("tag") ?? "";
  const tags = useTagSuggestions("", true);
  const contacts = useContacts({ search, page, perPage: PER_PAGE, sort, tag });
  const filtered = Boolean(search || tag);
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
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-full max-w-md">
          <Input
            label="Search contacts"
            hideLabel
            type="search"
            placeholder="Search by name, phone (any format) or e-mail"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </div>
        <div className="w-44">
          <Select
            label="Tag"
            options={[
              { value: "", label: "Any tag" },
              ...(tag && !tags.data?.includes(tag) ? [{ value: tag, label: tag }] : []),
              ...(tags.data ?? []).map((t) => ({ value: t, label: t })),
            ]}
            value={tag}
            onChange={(e) => push({ tag: e.target.value, page: null })}
          />
        </div>
        <div className="w-44">
          <Select
            label="Sort"
            options={Object.entries(CONTACT_SORTS).map(([value, label]) => ({ value, label }))}
            value={sort}
            onChange={(e) => push({ sort: e.target.value === "newest" ? null : e.target.value, page: null })}
          />
        </div>
      </div>
      <div className="mb-4">
        <DefaultCountry country={defaultCountry} canChange={manager} />
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
        filtered ? (
          <EmptyState
            title={search ? `No contacts match “${urlSearch.trim()}”` : `No contacts tagged “${tag}”`}
          >
            Try part of a name, a number or an e-mail address, or another tag.
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
            onPageChange={(next) => push({ page: next > 1 ? String(next) : null })}
          />
        </div>
      )}
      {editing !== null ? (
        <ContactFormDialog
          key={editing === "new" ? "new" : editing.id}
          target={editing}
          defaultCountry={defaultCountry}
          manager={manager}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
      {manager ? <ImportDialog open={importing} onClose={() => setImporting(false)} /> : null}
    </>
  );
}
