import "#server-only";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { lockOwnerIds } from "@/lib/users/repository";

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
  const owners = await lockOwnerIds(organizationId, tx);
  if (owners.includes(userId) && owners.length < 2) throw new LastOwnerError();
}
