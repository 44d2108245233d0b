import "#server-only";
import { hashPassword } from "@/lib/crypto/password";
import type { UserRole } from "@/lib/generated/prisma/client.ts";
import { insertUser } from "@/lib/users/repository";

/**
 * A staff member. The password is hashed here (lib/crypto/password.ts), or comes already hashed in
 * that format: the tests' staff carry cheaper hashes (scripts/test/password-hash.ts).
 */
export async function createUser(
  input: {
    organizationId: string;
    email: string;
    role?: UserRole;
    name?: string | null;
  } & ({ password: string } | { passwordHash: string }),
) {
  return insertUser(input.organizationId, {
    email: input.email.trim().toLowerCase(),
    passwordHash: "passwordHash" in input ? input.passwordHash : await hashPassword(input.password),
    role: input.role ?? "agent",
    name: input.name ?? null,
  });
}
