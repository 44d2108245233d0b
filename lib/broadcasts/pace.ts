/**
 * How fast a sending broadcast actually goes and how long is left, from the counts the page polls
 * (no query of its own: the rate is the change in done recipients between polls). Client-safe.
 */

/** One poll: when it was answered and how many recipients were done (total − pending). */
export type PaceSample = { at: number; done: number };

export type Pace = { perSecond: number; secondsLeft: number | null };

/** The window the rate is measured over: long enough to smooth batches, short enough to follow a change. */
export const PACE_WINDOW_MS = 60_000;
/** Below this span the rate is a guess from one batch: nothing is said yet. */
const MIN_SPAN_MS = 5_000;

/** The samples to keep after a new one: the last PACE_WINDOW_MS, and never a count going back. */
export function addSample(samples: PaceSample[], next: PaceSample): PaceSample[] {
  const kept = samples.filter(
    (s) => s.at >= next.at - PACE_WINDOW_MS && s.at < next.at && s.done <= next.done,
  );
  return [...kept, next];
}

/** The rate over the kept samples and the time left at it; null until there is enough to say. */
export function paceOf(samples: PaceSample[], pending: number): Pace | null {
  if (samples.length < 2) return null;
  const first = samples[0] as PaceSample;
  const last = samples[samples.length - 1] as PaceSample;
  const span = last.at - first.at;
  if (span < MIN_SPAN_MS) return null;
  const perSecond = ((last.done - first.done) * 1000) / span;
  return { perSecond, secondsLeft: perSecond > 0 ? Math.ceil(pending / perSecond) : null };
}

/** "about 3 min", "about 1 h 20 min", "under a minute". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return "under a minute";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h` : `about ${hours} h ${rest} min`;
}
