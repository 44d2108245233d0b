"use client";

import { formatDateTime, formatRelative } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import type { ChannelRowJson } from "@/lib/channels/channel-schemas";

/**
 * Above the channels table: each active channel whose token WhatsApp refused (a template sync
 * answered Graph error 190), with WhatsApp's words and the way out.
 */
export function TokenNotices({
  channels,
  onToken,
}: {
  channels: ChannelRowJson[];
  onToken: (channel: ChannelRowJson) => void;
}) {
  const refused = channels.filter((c) => c.status === "active" && c.needs_new_token);
  if (refused.length === 0) return null;
  return (
    <ul aria-label="Channels that need a new token" className="mb-4 space-y-2">
      {refused.map((c) => (
        <li
          key={c.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <p className="min-w-0 flex-1 basis-72">
            <strong>{c.name}</strong> needs a new access token: WhatsApp refused it{" "}
            <time dateTime={c.token_invalid_at ?? undefined} title={formatDateTime(c.token_invalid_at, "")}>
              {formatRelative(c.token_invalid_at)}
            </time>
            {c.token_error ? <> ({c.token_error})</> : null}. Sends and template syncs fail until an owner or
            admin gives a new one.
          </p>
          <Button size="sm" onClick={() => onToken(c)}>
            Give a new token<span className="sr-only"> to {c.name}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
