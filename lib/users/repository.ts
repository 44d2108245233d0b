import "#server-only";
import { db } from "@/lib/db";
import type { Prisma, User, UserRole } from "@/lib/generated/prisma/client.ts";

/**
 * The `users` table (docs/architecture.md "Repositories"): every function takes the organization
 * first and reads and writes only that organization's rows, so an id of another organization finds
 * and changes nothing. `client` lets a caller's transaction hold the statement. Sign-in and a
 * session's user, looked up before an organization is known, are exceptions (docs/security.md).
 */

type Client = Prisma.TransactionClient;

export type NewUser = { email: string; passwordHash: string; role: UserRole; name: string | null };

export function insertUser(organizationId: string, row: NewUser): Promise<User> {
  return db().user.create({ data: { ...row, organizationId } });
}

export function findUser(organizationId: string, id: string, client: Client = db()): Promise<User | null> {
  return client.user.findFirst({ where: { id, organizationId } });
}

/** The organization's staff, for the assignee picker: by name, then e-mail. */
export function listStaff(organizationId: string): Promise<Pick<User, "id" | "name" | "email" | "role">[]> {
  return db().user.findMany({
    where: { organizationId },
    select: { id: true, name: true, email: true, role: true },
    orderBy: [{ name: { sort: "asc", nulls: "last" } }, { email: "asc" }],
    take: 500,
  });
}

/** The names (else e-mails) of those of `ids` who are the organization's staff, by id. */
export async function staffNames(organizationId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const staff = await db().user.findMany({
    where: { organizationId, id: { in: ids } },
    select: { id: true, name: true, email: true },
  });
  return new Map(staff.map((u) => [u.id, u.name ?? u.email]));
}

/** False when the organization has no user by that id. */
export async function setUserPasswordHash(
  organizationId: string,
  id: string,
  passwordHash: string,
): Promise<boolean> {
  const { count } = await db().user.updateMany({ where: { id, organizationId }, data: { passwordHash } });
  return count === 1;
}

/** The user with the role, or null when the organization has no user by that id. */
export async function setUserRole(
  organizationId: string,
  id: string,
  role: UserRole,
  client: Client,
): Promise<User | null> {
  const [user] = await client.user.updateManyAndReturn({ where: { id, organizationId }, data: { role } });
  return user ?? null;
}

/** False when the organization has no user by that id. */
export async function deleteUserRow(organizationId: string, id: string, client: Client): Promise<boolean> {
  const { count } = await client.user.deleteMany({ where: { id, organizationId } });
  return count > 0;
}

/**
 * The ids of the organization's owners, their rows locked for the caller's transaction (so two
 * owners removing each other at once cannot both succeed).
 */
export async function lockOwnerIds(organizationId: string, client: Client): Promise<string[]> {
  const owners = await client.$queryRaw<{ id: string }[]>`
    SELECT id FROM users WHERE organization_id = ${organizationId}::uuid AND role = 'owner' FOR UPDATE`;
  return owners.map((o) => o.id);
}
