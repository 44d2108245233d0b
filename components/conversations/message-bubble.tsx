import Link from "next/link";
import { MessageContent } from "@/components/conversations/message-content";
import { cx } from "@/components/ui/cx";
import { FailureWords } from "@/components/ui/failure-words";
import type { ThreadMessageJson } from "@/lib/conversations/conversation-schemas";
import { inboxTime, inboxTimeFull } from "@/lib/conversations/inbox-time";

/** "Sent 14:00 · Delivered 14:01 · Read 14:05": every status the message reached, with its time. */
function statusLine(m: ThreadMessageJson): { label: string; at: string }[] {
  if (m.direction === "inbound") return [{ label: "Received", at: m.created_at }];
  // Meta's template pacing: accepted but not gone out, so neither "Sent" nor "Failed"
  const held = m.pacing ? PACING[m.pacing] : null;
  if (held) return [{ label: held, at: m.sent_at ?? m.created_at }];
  const steps: { label: string; at: string | null }[] = [
    { label: "Sent", at: m.sent_at },
    { label: "Delivered", at: m.delivered_at },
    { label: "Read", at: m.read_at },
    { label: "Failed", at: m.failed_at },
  ];
  const reached = steps.filter((s): s is { label: string; at: string } => s.at !== null);
  if (reached.length > 0) return reached;
  return [{ label: m.status === "sending" ? "Sending" : "Queued", at: m.created_at }];
}

const PACING = {
  held: "Held by WhatsApp for a quality check",
  paused: "Paused by WhatsApp (template paused)",
} as const;

const SOURCES = {
  business_app: "From the WhatsApp Business app",
  history: "From the app's history",
} as const;

/** "From the ad: <headline>", linking to the ad's page when Meta gave one (an inbound message only). */
function AdReferral({ referral }: { referral: NonNullable<ThreadMessageJson["referral"]> }) {
  const what = referral.source_type === "post" ? "post" : "ad";
  const label =
    referral.headline ?? (referral.source_url ? referral.source_url : `a ${what} with no headline`);
  return (
    <p className="mb-1 break-words border-l-2 border-amber-400 pl-2 text-xs text-slate-600">
      {`From the ${what}: `}
      {referral.source_url ? (
        <a
          href={referral.source_url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="font-medium text-slate-900 underline"
        >
          {label}
        </a>
      ) : (
        <span className="font-medium text-slate-900">{label}</span>
      )}
    </p>
  );
}

/** One message of the thread: customer's on the left, the business's on the right. */
export function MessageBubble({ message }: { message: ThreadMessageJson }) {
  const outbound = message.direction === "outbound";
  const failed = message.status === "failed";
  // held is neither sent (blue) nor failed (red): amber, with its own words in the status line
  const held = outbound && !failed && message.pacing !== null;
  return (
    <li className={cx("flex", outbound ? "justify-end" : "justify-start")}>
      <article
        aria-label={`${outbound ? "Sent" : "Received"} message`}
        className={cx(
          "max-w-[75%] rounded-lg px-3 py-2 text-sm shadow-xs",
          // blue-700, not 600: the time under the text (blue-100) needs 4.5:1 against it
          failed
            ? "bg-red-50 text-red-900 ring-1 ring-red-300"
            : held
              ? "bg-amber-50 text-amber-950 ring-1 ring-amber-300"
              : outbound
                ? "bg-blue-700 text-white"
                : "border border-slate-200 bg-white text-slate-900",
        )}
      >
        {message.broadcast ? (
          <p
            className={cx(
              "mb-1 text-xs",
              failed ? "text-red-900" : held ? "text-amber-950" : "text-blue-100",
            )}
          >
            {"Broadcast "}
            <Link
              href={`/dashboard/broadcasts/${message.broadcast.id}`}
              className={cx(
                "font-medium underline",
                failed ? "text-red-900" : held ? "text-amber-950" : "text-white",
              )}
            >
              {message.broadcast.name}
            </Link>
          </p>
        ) : null}
        {message.referral ? <AdReferral referral={message.referral} /> : null}
        {message.deleted_at ? (
          <p className="italic opacity-90">{message.content.kind === "text" ? message.content.text : ""}</p>
        ) : message.edited ? (
          <>
            <MessageContent content={message.edited.content} media={message.media} />
            <div
              className={cx(
                "mt-1 border-l-2 pl-2 text-xs",
                outbound ? "border-blue-300" : "border-slate-300",
              )}
            >
              <span className="font-medium">Original: </span>
              <MessageContent content={message.content} />
            </div>
          </>
        ) : (
          <MessageContent content={message.content} media={message.media} />
        )}
        {/* a failed message's times in red-900: slate-500 on red-50 falls under 4.5:1 */}
        <p
          className={cx(
            "mt-1 text-xs",
            failed ? "text-red-900" : held ? "text-amber-950" : outbound ? "text-blue-100" : "text-slate-500",
          )}
        >
          {message.source ? <span>{SOURCES[message.source]} · </span> : null}
          {statusLine(message).map((s, i) => (
            <span key={s.label}>
              {i > 0 ? " · " : ""}
              {s.label}{" "}
              <time dateTime={s.at} title={inboxTimeFull(s.at)}>
                {inboxTime(s.at)}
              </time>
            </span>
          ))}
          {message.pricing_category ? (
            <span title="Pricing category reported by WhatsApp">
              {" · "}
              {message.pricing_category.charAt(0).toUpperCase() +
                message.pricing_category.slice(1).replace(/_/g, " ")}
              {message.pricing_billable === false ? " (free)" : ""}
            </span>
          ) : null}
          {message.edited ? (
            <span>
              {" · Edited "}
              <time dateTime={message.edited.at} title={inboxTimeFull(message.edited.at)}>
                {inboxTime(message.edited.at)}
              </time>
            </span>
          ) : null}
          {message.deleted_at ? <span> · Deleted</span> : null}
        </p>
        {message.error ? (
          // what the code means and what to do next, not WhatsApp's bare "131026: Message undeliverable"
          <FailureWords
            code={message.error.code}
            message={message.error.message}
            className="mt-1 border-t border-red-200 pt-1 text-xs text-red-900"
          />
        ) : null}
      </article>
    </li>
  );
}
