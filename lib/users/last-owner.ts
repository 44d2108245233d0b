import "#server-only";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/** Removing or demoting this user would leave its organization without an owner. */
export class LastOwnerError extends Error {
  constructor() {
    super("this user is the organization's only owner; make another user owner first");
  }
}

/**
 * Throws LastOwnerError when `userId` is its organization's only owner. The owners' rows are
 * locked for the transaction, so two owners removing each other at once cannot both succeed.
 */
export async function assertAnotherOwner(
  tx: Prisma.TransactionClient,
  organizationId: string,
  userId: string,
): Promise<void> {
  const owners = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM users WHERE organization_id = ${organizationId}::uuid AND role = 'owner' FOR UPDATE`;
  if (owners.some((o) => o.id === userId) && owners.length < 2) throw new LastOwnerError();
}
