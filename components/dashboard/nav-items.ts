import { EVERYONE, MANAGERS, type Role, SUPPORT } from "@/lib/auth/roles";

export type NavItem = { href: string; label: string; roles: readonly Role[] };

/**
 * The sidebar, in order. `roles` hides a link from other roles; the page itself must still
 * check with <RoleGate> and its JSON routes with dashboardEndpoint (the declaration's roles) — hiding is not access control.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/dashboard", label: "Overview", roles: EVERYONE },
  { href: "/dashboard/conversations", label: "Conversations", roles: EVERYONE },
  { href: "/dashboard/contacts", label: "Contacts", roles: EVERYONE },
  { href: "/dashboard/broadcasts", label: "Broadcasts", roles: EVERYONE },
  { href: "/dashboard/keys", label: "API keys", roles: MANAGERS },
  { href: "/dashboard/webhooks", label: "Webhooks", roles: MANAGERS },
  { href: "/dashboard/deliveries", label: "Deliveries", roles: SUPPORT },
  { href: "/dashboard/channels", label: "Channels", roles: EVERYONE },
  { href: "/dashboard/templates", label: "Templates", roles: EVERYONE },
  { href: "/dashboard/flows", label: "Flows", roles: EVERYONE },
  { href: "/dashboard/usage", label: "Usage", roles: MANAGERS },
];

/** Whether `pathname` is this item's page or below it (Overview matches only itself). */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.href === "/dashboard") return pathname === "/dashboard";
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
