"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { answerInBrowser, type BrowserCall } from "@/components/calls/browser-call";
import { callDashboard } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDuration } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import type { LiveCallJson } from "@/lib/calls/dashboard-call-schemas";
import { CALL_DASHBOARD } from "@/lib/calls/dashboard-endpoints";

/**
 * The ringing notice on every dashboard page (issue 32, part 3). It polls
 * GET /api/dashboard/calls/live every 2 s, like the inbox's pulse, through the typed client: a
 * stream would need a long-lived connection per tab beside the per-request session and CSRF checks
 * every dashboard route has, for a signal where 2 s is soon enough (Meta rings for far longer).
 * Unlike the inbox it keeps polling in a hidden tab: a call must ring there too.
 */
const POLL_MS = 2_000;
const FINAL = new Set(["ended", "missed", "rejected", "failed"]);

type Active = {
  id: string;
  name: string;
  phase: "connecting" | "connected" | "ended";
  browser: BrowserCall | null;
  startedAt: number | null;
  endedAt: number | null;
  muted: boolean;
};

function customerLabel(call: LiveCallJson): string {
  return call.customer_name ?? call.customer_phone ?? "A customer";
}

function useLiveCalls() {
  return useQuery({
    queryKey: ["calls-live"],
    queryFn: ({ signal }) => callDashboard(CALL_DASHBOARD.live, { signal }),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

function useTick(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

const card =
  "pointer-events-auto rounded-lg bg-white p-3 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200";

export function CallNotice() {
  const live = useLiveCalls();
  const calls = live.data?.calls ?? [];
  const seen = useRef(new Set<string>());
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const [refused, setRefused] = useState<Map<string, string>>(() => new Map());
  const [active, setActive] = useState<Active | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const [level, setLevel] = useState({ peak: 0, now: 0 });
  const now = useTick(active?.phase === "connected");

  for (const c of calls) if (c.state === "ringing") seen.current.add(c.id);

  // the customer hung up (or WhatsApp ended it): the media goes, the panel says so
  const mine = active ? calls.find((c) => c.id === active.id) : undefined;
  useEffect(() => {
    if (!active || active.phase === "ended" || !mine || !FINAL.has(mine.state)) return;
    active.browser?.close();
    setActive({ ...active, phase: "ended", browser: null, endedAt: Date.now() });
  }, [active, mine]);

  // the remote level, for the eye and for tests (data-remote-peak)
  useEffect(() => {
    const browser = active?.browser;
    if (!browser) return;
    const timer = setInterval(() => setLevel(browser.level()), 250);
    return () => clearInterval(timer);
  }, [active?.browser]);

  // leaving the dashboard ends the media (the call itself ends when WhatsApp hears nothing)
  const activeRef = useRef(active);
  activeRef.current = active;
  useEffect(() => () => activeRef.current?.browser?.close(), []);

  const answer = useMutation({
    mutationFn: async (call: LiveCallJson) => {
      if (!call.sdp_offer || !audio.current) throw new Error("This call has no offer to answer.");
      setActive({
        id: call.id,
        name: customerLabel(call),
        phase: "connecting",
        browser: null,
        startedAt: null,
        endedAt: null,
        muted: false,
      });
      const browser = await answerInBrowser(call.sdp_offer, audio.current);
      try {
        await callDashboard(CALL_DASHBOARD.answer, {
          params: { id: call.id },
          body: { sdp: browser.answer },
        });
      } catch (error) {
        browser.close();
        throw error;
      }
      setActive((a) =>
        a?.id === call.id ? { ...a, phase: "connected", browser, startedAt: Date.now() } : a,
      );
    },
    onError: (error, call) => {
      setActive((a) => (a?.id === call.id ? null : a));
      setRefused((m) => new Map(m).set(call.id, errorMessage(error)));
    },
  });

  const decline = useMutation({
    mutationFn: (call: LiveCallJson) => callDashboard(CALL_DASHBOARD.decline, { params: { id: call.id } }),
    onSuccess: (_data, call) => setDismissed((s) => new Set(s).add(call.id)),
    onError: (error, call) => setRefused((m) => new Map(m).set(call.id, errorMessage(error))),
  });

  const hangUp = useMutation({
    mutationFn: (id: string) => callDashboard(CALL_DASHBOARD.hangUp, { params: { id } }),
    onSettled: (_data, _error, id) => {
      setActive((a) => {
        if (a?.id !== id) return a;
        a.browser?.close();
        return { ...a, phase: "ended", browser: null, endedAt: Date.now() };
      });
    },
  });

  const toggleMute = () => {
    if (!active?.browser) return;
    active.browser.setMuted(!active.muted);
    setActive({ ...active, muted: !active.muted });
  };

  const others = calls.filter((c) => c.id !== active?.id && !dismissed.has(c.id));
  const ringing = others.filter((c) => c.state === "ringing" && !refused.has(c.id));
  const taken = others.filter(
    (c) =>
      c.state !== "ringing" &&
      ((seen.current.has(c.id) && c.answered_by !== null && !c.answered_by_me) || refused.has(c.id)),
  );
  const stillRingingRefused = others.filter((c) => c.state === "ringing" && refused.has(c.id));

  const elapsed = (a: Active) =>
    a.startedAt === null ? 0 : Math.max(0, Math.floor(((a.endedAt ?? now) - a.startedAt) / 1000));

  return (
    <section
      aria-label="Calls"
      className="pointer-events-none fixed inset-x-2 bottom-2 z-40 flex flex-col gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      {/* biome-ignore lint/a11y/useMediaCaption: a live phone call has no captions */}
      <audio ref={audio} autoPlay className="hidden" />
      {active ? (
        <div
          className={card}
          data-call-id={active.id}
          data-call-state={active.phase}
          data-remote-peak={level.peak.toFixed(4)}
          aria-live="polite"
        >
          <p className="font-semibold text-slate-900">
            {active.phase === "connecting"
              ? `Connecting to ${active.name}…`
              : active.phase === "connected"
                ? `On a call with ${active.name}`
                : `Call with ${active.name} ended`}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <span role="timer" aria-label="Call time" className="font-mono tabular-nums text-slate-700">
              {formatDuration(elapsed(active))}
            </span>
            {active.phase === "connected" ? (
              <>
                <Button variant="secondary" size="sm" aria-pressed={active.muted} onClick={toggleMute}>
                  {active.muted ? "Unmute" : "Mute"}
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  loading={hangUp.isPending}
                  onClick={() => hangUp.mutate(active.id)}
                >
                  Hang up
                </Button>
              </>
            ) : null}
            {active.phase === "ended" ? (
              <Button variant="secondary" size="sm" onClick={() => setActive(null)}>
                Close
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {ringing.map((call) => (
        <div key={call.id} className={card} data-call-id={call.id} data-call-state="ringing" role="alert">
          <p className="font-semibold text-slate-900">
            Incoming call from <span className="break-all">{customerLabel(call)}</span>
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            On {call.channel_name}
            {call.conversation_id ? (
              <>
                {" · "}
                <Link
                  href={`/dashboard/conversations/${call.conversation_id}`}
                  className="font-medium text-blue-700 underline"
                >
                  Open conversation
                </Link>
              </>
            ) : null}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={active !== null && active.phase !== "ended"}
              loading={answer.isPending && answer.variables?.id === call.id}
              onClick={() => answer.mutate(call)}
            >
              Answer
            </Button>
            <Button
              variant="secondary"
              size="sm"
              loading={decline.isPending && decline.variables?.id === call.id}
              onClick={() => decline.mutate(call)}
            >
              Decline
            </Button>
          </div>
        </div>
      ))}
      {[...taken, ...stillRingingRefused].map((call) => (
        <div key={call.id} className={card} data-call-id={call.id} data-call-state="taken" role="status">
          <p>
            <span className="font-semibold text-slate-900">{customerLabel(call)}</span>
            {": "}
            {call.answered_by && !call.answered_by_me
              ? `answered by ${call.answered_by}.`
              : (refused.get(call.id) ?? "the call ended.")}
          </p>
          <div className="mt-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setDismissed((s) => new Set(s).add(call.id))}
            >
              Dismiss
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}
