import "#server-only";
import type { Role } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { assertAnotherOwner } from "@/lib/users/last-owner";
import { findUser, setUserRole } from "@/lib/users/repository";

/**
 * Gives a staff member another role, never leaving the organization without an owner
 * (LastOwnerError). Every session of the user ends (the users trigger of migration
 * hardening_round_3), so the new rights apply from a fresh sign-in. Null for a user the
 * organization does not have.
 */
export async function changeRole(organizationId: string, userId: string, role: Role) {
  return db().$transaction(async (tx) => {
    const user = await findUser(organizationId, userId, tx);
    if (!user) return null;
    if (user.role === role) return user;
    if (user.role === "owner") await assertAnotherOwner(tx, organizationId, user.id);
    return setUserRole(organizationId, userId, role, tx);
  });
}
