/**
 * Staff roles (User.role). Safe to import from client components: the sidebar hides links
 * with the same lists the server uses to refuse pages and JSON routes.
 */
export const ROLES = ["owner", "admin", "agent"] as const;
export type Role = (typeof ROLES)[number];

/** Owners and admins manage keys, webhooks and channels. */
export const MANAGERS: readonly Role[] = ["owner", "admin"];

/** Owners alone: the Usage page's rate card (what the organization pays Meta). */
export const OWNERS: readonly Role[] = ["owner"];

/** Every signed-in staff member: contacts, conversations, templates. */
export const EVERYONE: readonly Role[] = ROLES;

/**
 * Who supports customers' integrations: sees webhook deliveries (list, filters, attempts, the
 * webhooks needing attention) and redelivers them. Agents are support; keys, webhook settings and
 * secrets, and channels stay with MANAGERS.
 */
export const SUPPORT: readonly Role[] = ROLES;

export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", admin: "Admin", agent: "Agent" };
