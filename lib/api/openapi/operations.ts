import type { z } from "zod";
import type { ErrorCode } from "@/lib/api/errors";
import type { Scope } from "@/lib/auth/scopes";
import { contactJson, createContactBody, listContactsQuery } from "@/lib/contacts/schemas";

/** Sections of the reference, in the order they are shown; only tags in use are emitted. */
export const TAGS = [
  { name: "Messages", description: "Send text, media, location, template and interactive messages." },
  { name: "Templates", description: "List approved message templates and send them." },
  { name: "Contacts", description: "Customers and leads; every conversation belongs to one contact." },
  { name: "Webhooks", description: "Register HTTPS endpoints that receive signed events." },
  { name: "Media", description: "Exchange the media reference of an inbound message for a download link." },
] as const;

export type TagName = (typeof TAGS)[number]["name"];

/**
 * One documented /v1 operation. The schemas are the very ones the route handler passes to
 * `apiRoute`, so the document cannot drift from validation. The builder adds what every
 * operation shares: security, rate-limit and request-id headers, Idempotency-Key on POST,
 * and the authentication, rate-limit, validation and server errors.
 */
export type ApiOperation = {
  operationId: string;
  method: "get" | "post" | "patch" | "delete";
  path: `/v1/${string}`;
  tag: TagName;
  scope: Scope;
  summary: string;
  description?: string;
  /** path parameters, e.g. `z.object({ id: z.uuid() })` for `/v1/webhooks/{id}` */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** the schema of `data` (of one item when `list` is set) */
  response: z.ZodType;
  /** `data` is an array and the answer carries pagination `meta` */
  list?: boolean;
  status: 200 | 201;
  /** the errors this operation adds to the shared ones */
  errors: ErrorCode[];
};

export const OPERATIONS: ApiOperation[] = [
  {
    operationId: "listContacts",
    method: "get",
    path: "/v1/contacts",
    tag: "Contacts",
    scope: "contacts:read",
    summary: "List contacts",
    description: "Newest first. `search` matches name, phone or e-mail; filtering by tag is not available.",
    query: listContactsQuery,
    response: contactJson,
    list: true,
    status: 200,
    errors: [],
  },
  {
    operationId: "createContact",
    method: "post",
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
];
