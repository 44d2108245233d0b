/**
 * When each attempt of a delivery is made: Svix's schedule, 8 attempts over about 27.6 hours
 * (the contract says "about 24 hours"). `delayMs` is the wait before that attempt, counted from
 * the end of the previous one. Every wait gets ±20 % jitter, so that deliveries that failed
 * together (an endpoint outage) do not come back together, and is multiplied by
 * WEBHOOK_RETRY_SCALE (tests use 0.001).
 */
export const RETRY_SCHEDULE = [
  { attempt: 1, delayMs: 0, label: "immediately" },
  { attempt: 2, delayMs: 5_000, label: "5 seconds" },
  { attempt: 3, delayMs: 5 * 60_000, label: "5 minutes" },
  { attempt: 4, delayMs: 30 * 60_000, label: "30 minutes" },
  { attempt: 5, delayMs: 2 * 3_600_000, label: "2 hours" },
  { attempt: 6, delayMs: 5 * 3_600_000, label: "5 hours" },
  { attempt: 7, delayMs: 10 * 3_600_000, label: "10 hours" },
  { attempt: 8, delayMs: 10 * 3_600_000, label: "10 hours" },
] as const;

export const MAX_ATTEMPTS = RETRY_SCHEDULE.length;
/** the longest wait of the schedule: a receiver's Retry-After is honoured up to it */
export const MAX_RETRY_DELAY_MS = Math.max(...RETRY_SCHEDULE.map((s) => s.delayMs));
export const JITTER = 0.2;

/**
 * The wait before the attempt after `failedAttempt`, or undefined when the automatic schedule
 * is over and the delivery becomes `failed`. Attempts past the schedule (a manual redelivery
 * of a delivery whose automatic attempts are spent) are never retried automatically.
 */
export function nextRetryDelayMs(
  failedAttempt: number,
  scale: number,
  random = Math.random,
): number | undefined {
  const next = RETRY_SCHEDULE[failedAttempt];
  if (!next) return undefined;
  const jitter = 1 + (random() * 2 - 1) * JITTER;
  return Math.max(0, Math.round(next.delayMs * jitter * scale));
}

function format(ms: number): string {
  if (ms < 60_000) return `${ms / 1000} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 6_000) / 10} min`;
  return `${Math.round(ms / 360_000) / 10} h`;
}

/** The table of docs/webhooks.md, padded as the formatter writes it. */
export function retryTableMarkdown(): string {
  let elapsed = 0;
  const rows = RETRY_SCHEDULE.map((step) => {
    elapsed += step.delayMs;
    const when = step.attempt === 1 ? step.label : `${step.label} after attempt ${step.attempt - 1} failed`;
    return [String(step.attempt), when, step.attempt === 1 ? "0" : format(elapsed)];
  });
  const header = ["attempt", "when (±20 % jitter)", "time since the event, about"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
