import type { LastAnswerJson } from "@/lib/webhooks/delivery-schemas";

/**
 * A webhook's last answer in words: "500 on the last 11 attempts, last 4 minutes ago: receiver
 * is down", "timeout after 10 s on the last attempt, 2 hours ago", "200 on the last 3 attempts,
 * last 1 minute ago". `relative` says a time relative to now ("4 minutes ago").
 */
export function lastAnswerWords(answer: LastAnswerJson, relative: (iso: string) => string): string {
  const { status_code: code, reason, streak, streak_capped: capped } = answer;
  const what = code !== null ? String(code) : (reason ?? "no answer");
  const when = relative(answer.at);
  const head =
    streak <= 1
      ? `${what} on the last attempt, ${when}`
      : `${what} on the last ${streak}${capped ? "+" : ""} attempts, last ${when}`;
  // a status code's reason is "500 · receiver is down": its gist follows the numbers
  const gist = code !== null && reason?.startsWith(`${code} · `) ? reason.slice(`${code} · `.length) : null;
  return gist ? `${head}: ${gist}` : head;
}

/** Whether the last answer was a success (2xx). */
export function answeredOk(answer: LastAnswerJson | null): boolean {
  return (
    answer?.status_code !== undefined &&
    answer.status_code !== null &&
    answer.status_code < 300 &&
    answer.status_code >= 200
  );
}
