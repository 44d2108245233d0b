"use client";

import { formatDateTime, formatRelative } from "@/components/lib/format";
import type { ChannelRowJson } from "@/lib/channels/channel-schemas";

/**
 * Below the channels table: per channel, the kinds of notification WhatsApp sent that the product
 * does not use yet (lib/inbound/record-unprocessed.ts), so that nothing WhatsApp says goes
 * unnoticed. Each is kept, counted on /metrics and can be received as `whatsapp.notification`.
 */
export function UnprocessedNotices({ channels }: { channels: ChannelRowJson[] }) {
  const withKinds = channels.filter((c) => c.unprocessed.length > 0);
  if (withKinds.length === 0) return null;
  return (
    <section aria-labelledby="unprocessed-heading" className="mt-6">
      <h2 id="unprocessed-heading" className="text-sm font-semibold text-slate-900">
        Notifications not used yet
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        WhatsApp sends these kinds of notification, which the product keeps but does not act on. A webhook
        subscribed to <span className="font-mono text-xs">whatsapp.notification</span> receives them as sent.
      </p>
      <ul aria-label="Notifications not used yet" className="mt-3 space-y-3">
        {withKinds.map((c) => (
          <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <p className="font-medium text-slate-900">
              {c.name} <span className="font-normal text-slate-600">({c.phone_number_id})</span>
            </p>
            <ul className="mt-2 space-y-2">
              {c.unprocessed.map((u) => (
                <li key={u.field} className="min-w-0 break-words text-slate-700">
                  WhatsApp sent {u.count} notification{u.count === 1 ? "" : "s"} of kind{" "}
                  <span className="font-mono text-xs">{u.field}</span> that the product does not use yet; last
                  seen{" "}
                  <time dateTime={u.last_seen_at} title={formatDateTime(u.last_seen_at, "")}>
                    {formatRelative(u.last_seen_at)}
                  </time>
                  .
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs text-slate-600">
                      Latest example
                      <span className="sr-only">
                        {" "}
                        of {u.field} on {c.name}
                      </span>
                    </summary>
                    <pre className="mt-1 max-h-48 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800">
                      {JSON.stringify(u.example, null, 2)}
                    </pre>
                  </details>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
