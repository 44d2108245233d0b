"use client";

import { useEffect, useState } from "react";
import { progressOf, progressTone } from "@/components/broadcasts/broadcast-status";
import { formatNumber } from "@/components/lib/format";
import { ProgressBar } from "@/components/ui/progress-bar";
import { addSample, formatDuration, type PaceSample, paceOf } from "@/lib/broadcasts/pace";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";

/**
 * The rate the broadcast actually sends at, from the counts of the page's own polls, and the time
 * left at it (issue 29: "up to 80 a second" alone said nothing of a broadcast going at 3).
 */
function usePace(broadcast: BroadcastJson) {
  const done = broadcast.counts.total - broadcast.counts.pending;
  const sending = broadcast.status === "running";
  const [samples, setSamples] = useState<PaceSample[]>([]);
  useEffect(() => {
    if (!sending) {
      setSamples([]);
      return;
    }
    setSamples((s) => addSample(s, { at: Date.now(), done }));
  }, [sending, done]);
  // the same count polled again is a sample too: a stalled broadcast's rate falls to 0
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(
      () => setSamples((s) => addSample(s, { at: Date.now(), done: s.at(-1)?.done ?? done })),
      5_000,
    );
    return () => clearInterval(timer);
  }, [sending, done]);
  return sending ? paceOf(samples, broadcast.counts.pending) : null;
}

function PaceLine({ broadcast }: { broadcast: BroadcastJson }) {
  const pace = usePace(broadcast);
  if (broadcast.status !== "running") return null;
  return (
    <p className="text-sm text-slate-700" data-testid="broadcast-pace" aria-live="polite">
      {pace === null
        ? "Measuring the sending rate…"
        : pace.secondsLeft === null
          ? "Sending has stalled: no recipient was done in the last minute."
          : `Sending ${formatRate(pace.perSecond)} a second · ${formatDuration(pace.secondsLeft)} left at this rate`}
    </p>
  );
}

function formatRate(perSecond: number): string {
  return perSecond >= 10 ? formatNumber(Math.round(perSecond)) : perSecond.toFixed(1);
}

const ORDER = [
  "total",
  "pending",
  "sent",
  "held",
  "delivered",
  "read",
  "replied",
  "failed",
  "skipped",
] as const;
const WORDS: Record<(typeof ORDER)[number], string> = {
  total: "Recipients",
  pending: "Waiting",
  sent: "Sent",
  // Meta's template pacing: accepted, not sent yet (issue 30 part 3)
  held: "Held by WhatsApp",
  delivered: "Delivered",
  read: "Read",
  replied: "Replied",
  failed: "Failed",
  skipped: "Skipped",
};

/** The progress bar and every count of the broadcast. */
export function CountsPanel({ broadcast }: { broadcast: BroadcastJson }) {
  const c = broadcast.counts;
  return (
    <section aria-label="Progress" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <ProgressBar
        value={progressOf(broadcast)}
        label={`${formatNumber(c.total - c.pending)} of ${formatNumber(c.total)} recipients done`}
        tone={progressTone(broadcast)}
      />
      <PaceLine broadcast={broadcast} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {ORDER.map((k) => (
          <div key={k} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600 uppercase">{WORDS[k]}</dt>
            <dd
              className={`text-lg font-semibold ${k === "failed" && c.failed > 0 ? "text-red-700" : k === "held" && c.held > 0 ? "text-amber-800" : "text-slate-900"}`}
              data-count={k}
            >
              {formatNumber(c[k])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
