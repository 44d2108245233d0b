import "#server-only";
import { hashPassword } from "@/lib/crypto/password";
import { db } from "@/lib/db";

/**
 * Sets a staff member's password. Every session of the user ends with it: the users trigger of
 * migration hardening_round_3 moves the session version on (lib/auth/session-user.ts).
 */
export async function changePassword(userId: string, password: string) {
  const passwordHash = await hashPassword(password);
  const updated = await db().user.updateMany({ where: { id: userId }, data: { passwordHash } });
  return updated.count === 1;
}
