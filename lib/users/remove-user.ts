import "#server-only";
import { db } from "@/lib/db";
import { assertAnotherOwner } from "@/lib/users/last-owner";
import { deleteUserRow, findUser } from "@/lib/users/repository";

/**
 * Removes a staff member, never the organization's only owner (LastOwnerError). Their sessions
 * end at once (a session names a user that no longer exists); conversations assigned to them
 * become unassigned and keys they created stay (their creator reads as unknown). Null for a user
 * the organization does not have.
 */
export async function removeUser(
  organizationId: string,
  userId: string,
): Promise<{ id: string; email: string } | null> {
  return db().$transaction(async (tx) => {
    const user = await findUser(organizationId, userId, tx);
    if (!user) return null;
    if (user.role === "owner") await assertAnotherOwner(tx, organizationId, user.id);
    await deleteUserRow(organizationId, userId, tx);
    return { id: user.id, email: user.email };
  });
}
