import type { Scope } from "@/lib/auth/scopes";

/**
 * Every /v1 route, for the shared auth suite (app/v1/auth.security.test.ts). A new endpoint
 * appends itself here: its method, a concrete path (placeholders filled with any id), the
 * scope it requires and, for POST, a body that passes validation or not (auth comes first).
 */
export type TestRoute = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  scope: Scope;
  body?: unknown;
};

export const V1_ROUTES: TestRoute[] = [
  { method: "GET", path: "/v1/contacts", scope: "contacts:read" },
  { method: "POST", path: "/v1/contacts", scope: "contacts:write", body: { phone: "+14155550123" } },
  { method: "GET", path: "/v1/whatsapp/templates", scope: "whatsapp:templates" },
  { method: "GET", path: "/v1/whatsapp/channels", scope: "whatsapp:templates" },
  {
    method: "POST",
    path: "/v1/whatsapp/messages",
    scope: "whatsapp:send",
    body: { to: "+14155550123", type: "text", text: { body: "auth suite" } },
  },
  {
    method: "POST",
    path: "/v1/whatsapp/templates/auth_suite_template/send",
    scope: "whatsapp:send",
    body: { to: "+14155550123", language: "en" },
  },
  { method: "GET", path: "/v1/media/00000000-0000-4000-8000-000000000000", scope: "whatsapp:send" },
];
