import { formatDuration } from "@/components/lib/format";
import type { ThreadCallJson } from "@/lib/conversations/conversation-schemas";
import { inboxTime, inboxTimeFull } from "@/lib/conversations/inbox-time";

/** What the thread says of a call, in a few words: "Missed call", "Incoming call · answered by API · 1:05". */
export function callSummary(call: ThreadCallJson): string {
  const incoming = call.direction === "user_initiated";
  const kind = incoming ? "Incoming call" : "Outgoing call";
  if (call.state === "missed") return incoming ? "Missed call" : "Outgoing call · not answered";
  if (call.state === "rejected") return `${kind} · declined`;
  if (call.state === "failed") return `${kind} · failed`;
  if (call.state === "ringing") return `${kind} · ringing`;
  const parts = [kind];
  if (incoming && call.answered_by) parts.push(`answered by ${call.answered_by}`);
  if (call.state === "ended" && call.duration_seconds !== null)
    parts.push(formatDuration(call.duration_seconds));
  else if (call.state !== "ended") parts.push("in progress");
  return parts.join(" · ");
}

/** A voice call in the thread: a centred line between the messages. */
export function CallEntry({ call }: { call: ThreadCallJson }) {
  const missed = call.state === "missed" || call.state === "rejected" || call.state === "failed";
  return (
    <li className="flex justify-center">
      <p
        data-call-id={call.id}
        className={
          missed
            ? "rounded-full bg-red-50 px-3 py-1 text-xs font-medium text-red-800 ring-1 ring-red-200"
            : "rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200"
        }
      >
        <span>{callSummary(call)}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={call.started_at} title={inboxTimeFull(call.started_at)}>
          {inboxTime(call.started_at)}
        </time>
      </p>
    </li>
  );
}
