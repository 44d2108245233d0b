import { declareEndpoints } from "@/lib/api/endpoint";
import { contactJson, createContactBody, listContactsQuery } from "@/lib/contacts/schemas";

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
});
