import "#server-only";
import { hashPassword } from "@/lib/crypto/password";
import { db } from "@/lib/db";
import type { UserRole } from "@/lib/generated/prisma/client.ts";

export async function createUser(input: {
  organizationId: string;
  email: string;
  password: string;
  role?: UserRole;
  name?: string | null;
}) {
  return db().user.create({
    data: {
      organizationId: input.organizationId,
      email: input.email.trim().toLowerCase(),
      passwordHash: await hashPassword(input.password),
      role: input.role ?? "agent",
      name: input.name ?? null,
    },
  });
}
