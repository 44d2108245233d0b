import "#server-only";
import { expireRingingCall } from "@/lib/calls/ring-timeout";
import { db } from "@/lib/db";

/**
 * The sweeper (maintenance task `sweep-ringing-calls`): every organization's customer calls still
 * ringing past their ring time, for the ring-timeout jobs Redis lost (lib/calls/ring-timeout.ts).
 * Across organizations on purpose (docs/security.md "Where a query may skip the organization"):
 * each call is then ended with its own organization.
 */
export async function sweepRingingCalls(now = new Date()): Promise<{ missed: number }> {
  // 10 s is the shortest ring time; each call's own is checked by expireRingingCall
  const candidates = await db().call.findMany({
    where: {
      state: "ringing",
      direction: "user_initiated",
      startedAt: { lt: new Date(now.getTime() - 10_000) },
    },
    select: { id: true, organizationId: true },
    orderBy: { startedAt: "asc" },
    take: 100,
  });
  let missed = 0;
  for (const { id, organizationId } of candidates) {
    if ((await expireRingingCall(organizationId, id, now)) === "missed") missed++;
  }
  return { missed };
}
