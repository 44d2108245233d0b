/** A receiver's `Retry-After` is honoured on these answers (Svix does the same). */
export const RETRY_AFTER_STATUSES = [429, 503] as const;

/**
 * `Retry-After` as milliseconds from `now`: delay-seconds (`120`) or an HTTP-date; null when
 * absent, unreadable or in the past.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return null;
  return at > now ? at - now : null;
}

/**
 * The wait before the next attempt: the schedule's, or longer when the receiver asked for
 * more with Retry-After, but never past the schedule's longest wait (`maxMs`), so a receiver
 * cannot push a delivery out of its retry period.
 */
export function honourRetryAfter(scheduledMs: number, retryAfterMs: number | null, maxMs: number): number {
  if (retryAfterMs === null) return scheduledMs;
  return Math.max(scheduledMs, Math.min(retryAfterMs, maxMs));
}
