import type { UpstreamFailure } from "@/lib/cloud-api/graph-error";
import type { Backoff } from "@/lib/messages/transitions/put-back";

/**
 * How a message goes upstream when the upstream refuses it or cannot be reached: one table for
 * both send paths (issue 35 item 1: a single send and a broadcast's batch each had their own).
 * A single send (lib/messages/deliver-to-upstream.ts) has a caller waiting for its outcome: it
 * tries again in the same job, a few times within seconds, then fails. A broadcast's batch
 * (lib/broadcasts/send-broadcast-batch.ts) has hours: it puts the recipient back for later
 * (lib/messages/transitions/put-back.ts) and its driver goes on with the others. What may hide a
 * send (a timeout, an answer we cannot read) is never tried again by either: the message stays
 * `sending` until a status notification (biz_opaque_callback_data) or the 10-minute reconciler
 * settles it. docs/architecture.md's table is generated from this one.
 */
export type FailureClass = "throttled" | "pair-rate" | "unreachable" | "in-doubt" | "refused";

type Rule = {
  /** what the upstream said, as a person reads it */
  meaning: string;
  /** Meta's codes, or the transport's kinds, that fall in this class */
  matches: string;
  /** a single send: how many tries in all (1: no retry), and the pause before try n+1 */
  single: { tries: number; pauseMs: (attempt: number) => number };
  /** a broadcast: how many times a recipient may be put back, and when it is due again */
  broadcast: { tries: number; backoff: Backoff } | null;
};

/** 100 ms × 2^attempt with ±50 % jitter: 0.2, 0.4, … 3.2 s, about 6 s over five pauses. */
const quick = (attempt: number) => 100 * 2 ** attempt * (0.5 + Math.random());
/** a single send's rule for what went nowhere yet: six tries within seconds */
const RETRY_QUICKLY = { tries: 6, pauseMs: quick };
/** a single send's rule for what must not go again: one try */
const ONCE = { tries: 1, pauseMs: () => 0 };

export const SEND_POLICY: Record<FailureClass, Rule> = {
  throttled: {
    meaning: "the channel sends faster than its throughput allows",
    matches: "130429",
    single: RETRY_QUICKLY,
    // the channel slows down too (lib/cloud-api/broadcast-throughput.ts); the recipient goes again soon
    broadcast: { tries: 50, backoff: { baseMs: 1_000, growth: 1, capMs: 1_000 } },
  },
  "pair-rate": {
    meaning: "too many messages to this one customer (Meta allows about one every 6 seconds)",
    matches: "131056",
    single: RETRY_QUICKLY,
    broadcast: { tries: 8, backoff: { baseMs: 6_000, growth: 2, capMs: 300_000 } },
  },
  unreachable: {
    meaning: "the request never left: the upstream or the network is away",
    matches: "connection refused, reset before a byte was sent, DNS",
    single: RETRY_QUICKLY,
    broadcast: { tries: 10, backoff: { baseMs: 2_000, growth: 2, capMs: 60_000 } },
  },
  "in-doubt": {
    meaning: "the upstream may have it: no answer in time, or one we cannot read",
    matches: "timeout, bad response",
    single: ONCE,
    broadcast: null,
  },
  refused: {
    meaning: "any other refusal: it will not go as it is",
    matches: "every other code",
    single: ONCE,
    broadcast: null,
  },
};

export function classifyFailure(f: UpstreamFailure): FailureClass {
  if (f.kind === "timeout" || f.kind === "bad-response") return "in-doubt";
  if (f.kind === "unreachable") return "unreachable";
  if (f.error.code === 130429) return "throttled";
  if (f.error.code === 131056) return "pair-rate";
  return "refused";
}

/** A single send after try `attempt` failed with `f`: the pause before the next, or null (no more). */
export function singleRetryPause(f: UpstreamFailure, attempt: number): number | null {
  const rule = SEND_POLICY[classifyFailure(f)].single;
  return attempt < rule.tries ? rule.pauseMs(attempt) : null;
}

/** What a broadcast does with a recipient whose send failed with `f`. */
export function broadcastRetry(f: UpstreamFailure): {
  kind: FailureClass;
  rule: { tries: number; backoff: Backoff } | null;
} {
  const kind = classifyFailure(f);
  return { kind, rule: SEND_POLICY[kind].broadcast };
}
