"use client";

import { formatDateTime, formatRelative } from "@/components/lib/format";
import type { FlowsPageJson } from "@/lib/flows/dashboard-endpoints";

/**
 * Above the Flows list: each channel whose last Flows sync failed (worker/templates.ts), so the
 * list may be out of date for it, and why. The sync runs with the template sync: on its own every
 * 15 minutes, or with "Sync templates now" on the Channels page.
 */
export function FlowSyncNotices({ channels }: { channels: FlowsPageJson["channels"] }) {
  const failed = channels.filter((c) => c.sync_failure !== null);
  if (failed.length === 0) return null;
  return (
    <div className="mb-4 space-y-3">
      {failed.map((c) => (
        <section
          key={c.id}
          role="alert"
          aria-label={`Flows of ${c.name} not read`}
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <p className="font-medium break-words">
            The Flows of {c.name} could not be read from WhatsApp: this list may be out of date for it.
          </p>
          <p className="mt-1 break-words">
            Last try{" "}
            <time dateTime={c.sync_failure?.at} title={formatDateTime(c.sync_failure?.at, "")}>
              {formatRelative(c.sync_failure?.at)}
            </time>
            : {c.sync_failure?.error}
          </p>
          <p className="mt-1">
            The next try is with the channel's next template sync (every 15 minutes, or "Sync templates now"
            on the Channels page).
          </p>
        </section>
      ))}
    </div>
  );
}
