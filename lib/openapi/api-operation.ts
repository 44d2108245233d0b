import type { z } from "zod";
import type { ErrorCode } from "@/lib/api/errors";
import type { Scope } from "@/lib/auth/scopes";

/** Sections of the reference, in the order they are shown; only tags in use are emitted. */
export const TAGS = [
  { name: "Messages", description: "Send text, media, location, template and interactive messages." },
  { name: "Templates", description: "List approved message templates and send them." },
  { name: "Contacts", description: "Customers and leads; every conversation belongs to one contact." },
  { name: "Webhooks", description: "Register HTTPS endpoints that receive signed events." },
  { name: "Media", description: "Exchange the media reference of an inbound message for a download link." },
  { name: "Channels", description: "The organization's WhatsApp sending lines (beyond the contract)." },
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
