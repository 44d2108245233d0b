import "#server-only";
import { hashPassword } from "@/lib/crypto/password";
import { setUserPasswordHash } from "@/lib/users/repository";

/**
 * Sets a staff member's password. Every session of the user ends with it: the users trigger of
 * migration hardening_round_3 moves the session version on (lib/auth/session-user.ts). False for
 * an id the organization has no user by.
 */
export async function changePassword(organizationId: string, userId: string, password: string) {
  return setUserPasswordHash(organizationId, userId, await hashPassword(password));
}
