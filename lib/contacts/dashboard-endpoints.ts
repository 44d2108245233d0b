import { z } from "zod";
import { BODY_LIMITS } from "@/lib/api/read-body";
import { answer, declareDashboardEndpoints, fileAnswer } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import { type ContactChangeJson, clearOptOutBody } from "@/lib/contacts/contact-history-schemas";
import { contactListQuery } from "@/lib/contacts/contact-list-query";
import { type ImportResult, importBatchBody } from "@/lib/contacts/import-format";
import { type ContactJson, createContactBody, tagsQuery, updateContactBody } from "@/lib/contacts/schemas";

const contactIdParams = z.object({ id: z.string() });

type ContactsPageJson = { contacts: ContactJson[]; page: number; per_page: number; total: number };
type UpdatedContactJson = { contact: ContactJson; changes: string[] };

/** The Contacts page's routes (app/api/dashboard/contacts, tags). */
export const CONTACT_DASHBOARD = declareDashboardEndpoints({
  /** /v1's search and paging, plus a sort and a tag filter */
  listContacts: {
    method: "GET",
    path: "/api/dashboard/contacts",
    roles: EVERYONE,
    query: contactListQuery,
    answer: answer<ContactsPageJson>(),
    status: 200,
  },
  createContact: {
    method: "POST",
    path: "/api/dashboard/contacts",
    roles: EVERYONE,
    body: createContactBody,
    answer: answer<{ contact: ContactJson }>(),
    status: 201,
  },
  /** agents too; emits contact.updated with changes[] when something changed */
  updateContact: {
    method: "PATCH",
    path: "/api/dashboard/contacts/{id}",
    roles: EVERYONE,
    params: contactIdParams,
    body: updateContactBody,
    answer: answer<UpdatedContactJson>(),
    status: 200,
  },
  /** owners and admins: it also removes the contact's conversations and messages */
  deleteContact: {
    method: "DELETE",
    path: "/api/dashboard/contacts/{id}",
    roles: MANAGERS,
    params: contactIdParams,
    answer: answer<{ deleted: true }>(),
    status: 200,
  },
  /** any staff member blocks a customer who abuses the number (Meta's block_users) */
  blockContact: {
    method: "POST",
    path: "/api/dashboard/contacts/{id}/block",
    roles: EVERYONE,
    params: contactIdParams,
    answer: answer<{ contact: ContactJson }>(),
    status: 200,
  },
  unblockContact: {
    method: "POST",
    path: "/api/dashboard/contacts/{id}/unblock",
    roles: EVERYONE,
    params: contactIdParams,
    answer: answer<{ contact: ContactJson }>(),
    status: 200,
  },
  /** owners and admins clear a customer's marketing opt-out, with a reason kept in the history */
  clearMarketingOptOut: {
    method: "POST",
    path: "/api/dashboard/contacts/{id}/marketing-opt-out/clear",
    roles: MANAGERS,
    params: contactIdParams,
    body: clearOptOutBody,
    answer: answer<{ contact: ContactJson }>(),
    status: 200,
  },
  /** the contact's history (opt-outs and who cleared them), newest first */
  contactHistory: {
    method: "GET",
    path: "/api/dashboard/contacts/{id}/history",
    roles: EVERYONE,
    params: contactIdParams,
    answer: answer<{ changes: ContactChangeJson[] }>(),
    status: 200,
  },
  /** every contact as CSV, streamed; counted against the dashboard's export limits */
  exportContacts: {
    method: "GET",
    path: "/api/dashboard/contacts/export",
    roles: MANAGERS,
    limit: "export",
    answer: fileAnswer(),
    status: 200,
  },
  /**
   * one batch of parsed CSV rows (the browser parses the file and sends it in batches); rows of
   * existing contacts are skipped or updated as `existing` says, and every row is reported
   */
  importContacts: {
    method: "POST",
    path: "/api/dashboard/contacts/import",
    roles: MANAGERS,
    body: importBatchBody,
    maxBodyBytes: BODY_LIMITS.dashboardImport,
    answer: answer<ImportResult>(),
    status: 200,
  },
  /** autocomplete of the organization's tags (the contact form's tag input) */
  listTags: {
    method: "GET",
    path: "/api/dashboard/tags",
    roles: EVERYONE,
    query: tagsQuery,
    answer: answer<{ tags: string[] }>(),
    status: 200,
  },
});
