"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  CALL_SETTINGS_QUERY_KEY,
  CallingSettingsDialog,
} from "@/components/channels/calling-settings-dialog";
import { callDashboard } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatRelative } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { CallHours } from "@/lib/calls/call-settings-schemas";
import { CALL_SETTINGS_DASHBOARD, type ChannelCallSettingsJson } from "@/lib/calls/dashboard-endpoints";

const DAY_SHORT: Record<string, string> = {
  MONDAY: "Mon",
  TUESDAY: "Tue",
  WEDNESDAY: "Wed",
  THURSDAY: "Thu",
  FRIDAY: "Fri",
  SATURDAY: "Sat",
  SUNDAY: "Sun",
};

/** what WhatsApp's values mean to a person; anything else (unset) reads "Not set" */
const CALL_BUTTON: Record<string, string> = { DEFAULT: "Shown", DISABLE_ALL: "Hidden" };
const CALLBACK_PERMISSION: Record<string, string> = { ENABLED: "Yes", DISABLED: "No" };

const time = (hhmm: string) => `${hhmm.slice(0, 2)}:${hhmm.slice(2)}`;

function hoursText(hours: CallHours | null): string {
  if (!hours || hours.status === "DISABLED") return "Any time";
  const days = hours.weekly_operating_hours
    .map((h) => `${DAY_SHORT[h.day_of_week] ?? h.day_of_week} ${time(h.open_time)}–${time(h.close_time)}`)
    .join(", ");
  return `${days} (${hours.timezone_id})`;
}

function Setting({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-800">{children}</dd>
    </div>
  );
}

/**
 * The Channels page's Calling section: each active channel's WhatsApp calling settings, as
 * WhatsApp last accepted them, and our ring time. Owners and admins edit them (saved to WhatsApp
 * first: lib/calls/call-settings.ts); agents read them.
 */
export function CallingSettings({ canEdit }: { canEdit: boolean }) {
  const toast = useToast();
  const [editing, setEditing] = useState<ChannelCallSettingsJson | null>(null);
  const list = useQuery({
    queryKey: CALL_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => callDashboard(CALL_SETTINGS_DASHBOARD.listCallSettings, { signal }),
    select: (d) => d.channels,
  });
  return (
    <section aria-labelledby="calling-heading" className="mt-6">
      <h2 id="calling-heading" className="text-sm font-semibold text-slate-900">
        Calling
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Whether customers can call each number on WhatsApp, when, and how long a call rings here before it is
        rejected and logged as missed.
        {canEdit ? null : " Only owners and admins change these settings."}
      </p>
      {list.isError ? (
        <ErrorState
          title="Could not load the calling settings"
          message={errorMessage(list.error)}
          onRetry={() => list.refetch()}
        />
      ) : null}
      {list.data?.length === 0 ? <p className="mt-3 text-sm text-slate-600">No active channels.</p> : null}
      <ul aria-label="Calling settings" className="mt-3 space-y-3">
        {(list.data ?? []).map((c) => (
          <li
            key={c.channel_id}
            aria-label={`Calling on ${c.channel_name}`}
            className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium text-slate-900">
                {c.channel_name}{" "}
                <span className="font-normal text-slate-500">{c.display_phone_number ?? ""}</span>
              </p>
              {c.status === "ENABLED" ? (
                <Badge tone="success">Calling on</Badge>
              ) : c.status === "DISABLED" ? (
                <Badge tone="neutral">Calling off</Badge>
              ) : (
                <Badge tone="warning">Not set here</Badge>
              )}
            </div>
            <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Setting term="Call button">{CALL_BUTTON[c.call_icon_visibility ?? ""] ?? "Not set"}</Setting>
              <Setting term="Call hours">{hoursText(c.call_hours)}</Setting>
              <Setting term="Ask callers to allow callbacks">
                {CALLBACK_PERMISSION[c.callback_permission_status ?? ""] ?? "Not set"}
              </Setting>
              <Setting term="Ring time">{c.ring_seconds} seconds</Setting>
            </dl>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
              <span>
                {c.applied_at
                  ? `Applied to WhatsApp ${formatRelative(c.applied_at, "")}`
                  : "Never applied here"}
              </span>
              {canEdit ? (
                <Button variant="secondary" size="sm" onClick={() => setEditing(c)}>
                  Edit calling<span className="sr-only"> of {c.channel_name}</span>
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {canEdit ? (
        <CallingSettingsDialog
          channel={editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => toast.show(`Calling settings of ${name} saved to WhatsApp.`)}
        />
      ) : null}
    </section>
  );
}
