import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { db } from "@/lib/db";
import { acquireOrgSlot, type OrgSlotPool, orgSlotLimit, releaseOrgSlot } from "@/lib/webhooks/org-slots";
import { pollUntil } from "@/scripts/test/helpers";
import type { TestReceiver } from "@/scripts/test/test-receiver";

/**
 * Takes every slot of an organization's share (webhook attempts, or broadcast drivers), as
 * attempts or drivers running on other workers would; answers what frees them again.
 */
export async function holdOrgSlots(
  orgId: string,
  pool: OrgSlotPool = "webhooks",
): Promise<() => Promise<void>> {
  const tokens = Array.from({ length: orgSlotLimit(pool) }, () => randomUUID());
  for (const token of tokens) expect(await acquireOrgSlot(orgId, token, pool)).toBe(true);
  return async () => {
    for (const token of tokens) await releaseOrgSlot(orgId, token, pool);
  };
}

/** Waits for a held-back delivery to succeed, then checks it took one attempt: attempt 1, answered 200, received once. */
export async function expectDeliveredOnce(hook: TestReceiver, deliveryId: string): Promise<void> {
  const done = await pollUntil(
    () => db().delivery.findUniqueOrThrow({ where: { id: deliveryId } }),
    (d) => d.status === "succeeded",
  );
  expect(done.attemptCount).toBe(1);
  expect(hook.of(deliveryId)).toHaveLength(1);
  const attempts = await db().deliveryAttempt.findMany({ where: { deliveryId } });
  expect(attempts.map((a) => [a.attemptNumber, a.statusCode])).toEqual([[1, 200]]);
}
