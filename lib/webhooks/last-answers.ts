import "#server-only";
import type { LastAnswerJson } from "@/lib/webhooks/delivery-schemas";
import { failureReason } from "@/lib/webhooks/failure-reason";
import { listRecentAttempts, type RecentAttemptRow } from "@/lib/webhooks/repository/deliveries";

/** How many of each webhook's latest deliveries are read for its latest attempts. */
const RECENT_DELIVERIES = 50;

/** Attempts answered alike: the same status code, or the same kind of network failure. */
function answerKey(r: RecentAttemptRow): string {
  if (r.status_code !== null) return String(r.status_code);
  return failureReason({ status_code: null, error: r.error, response_snippet: null }) ?? "no answer";
}

function summarize(rows: RecentAttemptRow[]): LastAnswerJson | null {
  const sorted = [...rows].sort((a, b) => b.started_at.getTime() - a.started_at.getTime());
  const last = sorted[0];
  if (!last) return null;
  const key = answerKey(last);
  let streak = 0;
  while (streak < sorted.length && answerKey(sorted[streak] as RecentAttemptRow) === key) streak++;
  const ok = last.status_code !== null && last.status_code >= 200 && last.status_code < 300;
  return {
    status_code: last.status_code,
    reason: ok ? null : failureReason(last),
    at: last.started_at.toISOString(),
    streak,
    // every attempt read answered alike: there may be more before them
    streak_capped:
      streak === sorted.length && new Set(rows.map((r) => r.delivery_id)).size >= RECENT_DELIVERIES,
  };
}

/**
 * Each webhook's last answer and how many attempts before it answered the same ("500 on the
 * last 11 attempts"): the attempts of its RECENT_DELIVERIES newest deliveries (a bounded read,
 * whatever a webhook's history).
 */
export async function lastAnswers(organizationId: string): Promise<Map<string, LastAnswerJson>> {
  const rows = await listRecentAttempts(organizationId, RECENT_DELIVERIES);
  const byWebhook = new Map<string, RecentAttemptRow[]>();
  for (const r of rows) {
    const list = byWebhook.get(r.webhook_id) ?? [];
    list.push(r);
    byWebhook.set(r.webhook_id, list);
  }
  const out = new Map<string, LastAnswerJson>();
  for (const [id, list] of byWebhook) {
    const summary = summarize(list);
    if (summary) out.set(id, summary);
  }
  return out;
}
