import { z } from "zod";

export const SCOPES = {
  "whatsapp:templates": "List templates and channels",
  "whatsapp:send": "Send messages and templates, download media",
  "contacts:read": "List contacts",
  "contacts:write": "Create contacts",
  "webhooks:manage": "Manage webhooks and their deliveries",
  // its own scope: volumes and spend are finance data, which a key that lists templates should not read
  "usage:read": "Read message usage and its estimated cost",
} as const;

export const scopeSchema = z.enum(Object.keys(SCOPES) as [keyof typeof SCOPES, ...(keyof typeof SCOPES)[]]);
export type Scope = z.infer<typeof scopeSchema>;

/** design.md: `service_pk_` keys may hold only read scopes. */
export const PUBLISHABLE_SCOPES: readonly Scope[] = ["whatsapp:templates", "contacts:read"];

export const KEY_PREFIX = { sk: "service_sk_", pk: "service_pk_" } as const;
export type KeyKind = keyof typeof KEY_PREFIX;
