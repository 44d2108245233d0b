import "#server-only";
import { type FailureCauseJson, OVERVIEW_LIMITS, type OverviewQuery } from "@/lib/dashboard/overview-schemas";
import { bucketSeries } from "@/lib/dashboard/overview-series";
import { listFailureCauses } from "@/lib/messages/repository/overview";

/**
 * The range's failed outbound messages grouped by code, most frequent first (at most
 * OVERVIEW_LIMITS.causes), each with its latest few messages so that a person opens the thread
 * (or the broadcast) where it happened. Both scans are of the index messages(organization_id,
 * created_at) over the range, like the overview's counts: the examples walk it newest first and
 * stop at the few they need.
 */
export async function overviewFailures(
  organizationId: string,
  query: OverviewQuery,
): Promise<FailureCauseJson[]> {
  const rows = await listFailureCauses(organizationId, bucketSeries(query), {
    causes: OVERVIEW_LIMITS.causes,
    examples: OVERVIEW_LIMITS.examples,
  });
  const causes = new Map<string, FailureCauseJson>();
  for (const r of rows) {
    const key = r.code ?? "";
    let cause = causes.get(key);
    if (!cause) {
      cause = { code: r.code, message: r.message, count: r.count, examples: [] };
      causes.set(key, cause);
    }
    if (r.message_id && r.at) {
      cause.examples.push({
        message_id: r.message_id,
        conversation_id: r.conversation_id,
        contact: { name: r.name, phone: r.phone, username: r.username, bsuid: r.bsuid },
        at: r.at.toISOString(),
        broadcast: r.broadcast_id && r.broadcast_name ? { id: r.broadcast_id, name: r.broadcast_name } : null,
      });
    }
  }
  return [...causes.values()];
}
