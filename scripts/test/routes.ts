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

const W = "wbk_000000000000000000000000";

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
  {
    method: "POST",
    path: "/v1/whatsapp/messages/00000000-0000-4000-8000-000000000000/read",
    scope: "whatsapp:send",
    body: { typing_indicator: true },
  },
  { method: "GET", path: "/v1/webhooks", scope: "webhooks:manage" },
  {
    method: "POST",
    path: "/v1/webhooks",
    scope: "webhooks:manage",
    body: { url: "https://example.com/hooks", events: ["contact.created"] },
  },
  { method: "GET", path: `/v1/webhooks/${W}`, scope: "webhooks:manage" },
  { method: "PATCH", path: `/v1/webhooks/${W}`, scope: "webhooks:manage", body: { name: "renamed" } },
  { method: "DELETE", path: `/v1/webhooks/${W}`, scope: "webhooks:manage" },
  { method: "GET", path: `/v1/webhooks/${W}/deliveries`, scope: "webhooks:manage" },
  { method: "POST", path: `/v1/webhooks/${W}/deliveries/wh_1_00/retry`, scope: "webhooks:manage" },
];
