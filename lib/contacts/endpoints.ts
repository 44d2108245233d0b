import { z } from "zod";
import { declareEndpoints } from "@/lib/api/endpoint";
import { contactJson, createContactBody, listContactsQuery } from "@/lib/contacts/schemas";

const contactIdParams = z.object({ id: z.string().meta({ description: "The contact's id (UUID)" }) });

/** These POSTs take no body; unknown fields are ignored, as everywhere. */
const emptyBody = z.object({}).meta({ id: "EmptyBody" });

export const CONTACT_ENDPOINTS = declareEndpoints({
  listContacts: {
    method: "GET",
    path: "/v1/contacts",
    tag: "Contacts",
    scope: "contacts:read",
    summary: "List contacts",
    description:
      "Newest first. `search` matches name, phone or e-mail; filtering by tag is not available. A search that runs past the server's search timeout (3 s by default; one or two characters over a large list may) answers `400 VALIDATION_INVALID_FIELD` with `details.field` `search`: search for something longer.",
    query: listContactsQuery,
    response: contactJson,
    list: true,
    status: 200,
    errors: [],
  },
  createContact: {
    method: "POST",
    path: "/v1/contacts",
    tag: "Contacts",
    scope: "contacts:write",
    summary: "Create a contact",
    description:
      "The phone number is stored in E.164 with `+`; tags are organization-wide and created on first use. Unknown body fields are ignored.",
    body: createContactBody,
    response: contactJson,
    status: 201,
    errors: ["VALIDATION_MISSING_FIELD", "VALIDATION_INVALID_PHONE", "RESOURCE_ALREADY_EXISTS"],
  },
  blockContact: {
    method: "POST",
    path: "/v1/contacts/{id}/block",
    tag: "Contacts",
    scope: "contacts:write",
    summary: "Block a contact",
    description:
      'Additive. Blocks the customer on WhatsApp (Meta\'s `block_users`) on every active channel they wrote to in the last 24 hours (WhatsApp blocks only such customers: otherwise `WHATSAPP_SESSION_CLOSED`). A blocked customer cannot write to the business, and every send to the contact answers `WHATSAPP_RECIPIENT_BLOCKED` before any upstream call. Answers the contact (`blocked: true`) and emits `contact.updated` with `changes: ["blocked"]`; blocking a blocked contact changes nothing.',
    params: contactIdParams,
    body: emptyBody,
    response: contactJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND", "WHATSAPP_SESSION_CLOSED", "WHATSAPP_SEND_FAILED"],
  },
  unblockContact: {
    method: "POST",
    path: "/v1/contacts/{id}/unblock",
    tag: "Contacts",
    scope: "contacts:write",
    summary: "Unblock a contact",
    description:
      'Additive. Unblocks the customer on every active channel (no 24-hour rule) and answers the contact (`blocked: false`), with `contact.updated` (`changes: ["blocked"]`).',
    params: contactIdParams,
    body: emptyBody,
    response: contactJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND", "WHATSAPP_SEND_FAILED"],
  },
});
