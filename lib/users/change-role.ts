import "#server-only";
import type { Role } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { assertAnotherOwner } from "@/lib/users/last-owner";

/**
 * Gives a staff member another role, never leaving the organization without an owner
 * (LastOwnerError). Every session of the user ends (the users trigger of migration
 * hardening_round_3), so the new rights apply from a fresh sign-in. Null for an unknown user.
 */
export async function changeRole(userId: string, role: Role) {
  return db().$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId } });
    if (!user) return null;
    if (user.role === role) return user;
    if (user.role === "owner") await assertAnotherOwner(tx, user.organizationId, user.id);
    return tx.user.update({ where: { id: userId }, data: { role } });
  });
}
