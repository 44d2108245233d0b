import "#server-only";
import { db } from "@/lib/db";
import { assertAnotherOwner } from "@/lib/users/last-owner";

/**
 * Removes a staff member, never the organization's only owner (LastOwnerError). Their sessions
 * end at once (a session names a user that no longer exists); conversations assigned to them
 * become unassigned and keys they created stay (their creator reads as unknown).
 */
export async function removeUser(userId: string): Promise<{ id: string; email: string } | null> {
  return db().$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId } });
    if (!user) return null;
    if (user.role === "owner") await assertAnotherOwner(tx, user.organizationId, user.id);
    await tx.user.delete({ where: { id: userId } });
    return { id: user.id, email: user.email };
  });
}
