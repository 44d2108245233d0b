import { formatDateTime, formatNumber } from "@/components/lib/format";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";

/**
 * Why a broadcast paused itself, in words a person understands, and what to do: it stopped
 * because most of its latest sends failed with one error (lib/broadcasts/pause-on-failures.ts).
 */
export function PauseNotice({
  pause,
  canManage,
}: {
  pause: NonNullable<BroadcastJson["pause"]>;
  canManage: boolean;
}) {
  return (
    <section
      aria-label="Why the broadcast paused"
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
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
    </section>
  );
}
