import Link from "next/link";
import { formatDateTime, formatNumber } from "@/components/lib/format";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";

type Pause = NonNullable<BroadcastJson["pause"]>;

/**
 * Why a broadcast paused itself, in words a person understands, and what to do: most of its
 * latest sends failed with one error (lib/broadcasts/pause-on-failures.ts), or its channel was
 * deactivated (lib/broadcasts/start-if-due.ts).
 */
export function PauseNotice({
  pause,
  pending,
  canManage,
}: {
  pause: Pause;
  /** customers still waiting */
  pending: number;
  canManage: boolean;
}) {
  return (
    <section
      aria-label="Why the broadcast paused"
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      {pause.by === "failures" ? (
        <FailuresPause pause={pause} canManage={canManage} />
      ) : (
        <ChannelPause at={pause.at} pending={pending} canManage={canManage} />
      )}
    </section>
  );
}

function FailuresPause({
  pause,
  canManage,
}: {
  pause: Extract<Pause, { by: "failures" }>;
  canManage: boolean;
}) {
  return (
    <>
      <h2 className="font-semibold">Paused: most of the latest messages failed</h2>
      <p className="mt-1">
        {formatNumber(pause.failed)} of the last {formatNumber(pause.of)} messages failed with the same error,
        so the broadcast stopped on {formatDateTime(pause.at)} instead of failing everyone.
      </p>
      <p className="mt-2 font-medium break-words">{pause.error.message}</p>
      {pause.error.hint ? <p className="mt-1 break-words">{pause.error.hint}</p> : null}
      <p className="mt-2 text-red-800">
        {canManage
          ? "Fix the cause, then Resume (the customers still waiting get it) or Cancel broadcast. Retry failed sends the failed customers again once the cause is fixed."
          : "An owner or admin can resume it once the cause is fixed, or cancel it."}{" "}
        <span className="text-red-700">WhatsApp error {pause.error.code}.</span>
      </p>
    </>
  );
}

function ChannelPause({ at, pending, canManage }: { at: string; pending: number; canManage: boolean }) {
  return (
    <>
      <h2 className="font-semibold">Paused: its channel was deactivated</h2>
      <p className="mt-1">
        Nothing more can be sent through a deactivated channel, so the broadcast stopped on{" "}
        {formatDateTime(at)}. {formatNumber(pending)} customer{pending === 1 ? " is" : "s are"} still waiting.
      </p>
      <p className="mt-2 text-red-800">
        {canManage ? (
          <>
            Add the number again on the{" "}
            <Link href="/dashboard/channels" className="font-medium underline">
              Channels page
            </Link>{" "}
            (that reactivates the channel), then Resume; or Cancel broadcast.
          </>
        ) : (
          "An owner or admin can reactivate the channel and resume it, or cancel it."
        )}
      </p>
    </>
  );
}
