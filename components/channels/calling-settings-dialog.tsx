"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { callDashboard } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/dialog-form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import {
  type CallHours,
  DAYS_OF_WEEK,
  RING_SECONDS,
  type UpdateCallSettingsBody,
} from "@/lib/calls/call-settings-schemas";
import { CALL_SETTINGS_DASHBOARD, type ChannelCallSettingsJson } from "@/lib/calls/dashboard-endpoints";

export const CALL_SETTINGS_QUERY_KEY = ["calling-settings"] as const;

type Day = (typeof DAYS_OF_WEEK)[number];
type DayHours = { open: boolean; from: string; to: string };

const DAY_NAMES: Record<Day, string> = {
  MONDAY: "Monday",
  TUESDAY: "Tuesday",
  WEDNESDAY: "Wednesday",
  THURSDAY: "Thursday",
  FRIDAY: "Friday",
  SATURDAY: "Saturday",
  SUNDAY: "Sunday",
};

const toInput = (hhmm: string) => `${hhmm.slice(0, 2)}:${hhmm.slice(2)}`;
const fromInput = (value: string) => value.replace(":", "").slice(0, 4);

/** The first range of each day is edited here; a second range (set through the API) is kept as it is. */
function daysOf(hours: CallHours | null): Record<Day, DayHours> {
  const days = {} as Record<Day, DayHours>;
  for (const day of DAYS_OF_WEEK) {
    const first = hours?.weekly_operating_hours.find((h) => h.day_of_week === day);
    const weekday = day !== "SATURDAY" && day !== "SUNDAY";
    days[day] = first
      ? { open: true, from: toInput(first.open_time), to: toInput(first.close_time) }
      : { open: !hours && weekday, from: "09:00", to: "17:00" };
  }
  return days;
}

function zones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.("timeZone") ?? [];
}

/** Edits one channel's calling settings (owners and admins); WhatsApp's refusal is shown in its words. */
export function CallingSettingsDialog({
  channel,
  onClose,
  onSaved,
}: {
  channel: ChannelCallSettingsJson | null;
  onClose: () => void;
  onSaved: (channelName: string) => void;
}) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (v: { id: string; body: UpdateCallSettingsBody }) =>
      callDashboard(CALL_SETTINGS_DASHBOARD.updateCallSettings, { params: { id: v.id }, body: v.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: CALL_SETTINGS_QUERY_KEY }),
  });
  const [status, setStatus] = useState("DISABLED");
  const [icon, setIcon] = useState("DEFAULT");
  const [callback, setCallback] = useState("DISABLED");
  const [ring, setRing] = useState(String(RING_SECONDS.default));
  const [hoursOn, setHoursOn] = useState(false);
  const [timezone, setTimezone] = useState("UTC");
  const [days, setDays] = useState<Record<Day, DayHours>>(daysOf(null));
  const [problem, setProblem] = useState<string | null>(null);
  const timeZones = useMemo(zones, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opened channel
  useEffect(() => {
    if (!channel) return;
    setStatus(channel.status ?? "DISABLED");
    setIcon(channel.call_icon_visibility ?? "DEFAULT");
    setCallback(channel.callback_permission_status ?? "DISABLED");
    setRing(String(channel.ring_seconds));
    setHoursOn(channel.call_hours?.status === "ENABLED");
    setTimezone(channel.call_hours?.timezone_id ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC");
    setDays(daysOf(channel.call_hours));
    setProblem(null);
    save.reset();
  }, [channel]);

  function callHours(existing: CallHours | null): CallHours | undefined | string {
    if (!hoursOn) return existing ? { ...existing, status: "DISABLED" } : undefined;
    const weekly: CallHours["weekly_operating_hours"] = [];
    for (const day of DAYS_OF_WEEK) {
      const d = days[day];
      if (!d.open) continue;
      if (!d.from || !d.to || d.from >= d.to)
        return `${DAY_NAMES[day]}: the closing time must be after the opening time.`;
      weekly.push({ day_of_week: day, open_time: fromInput(d.from), close_time: fromInput(d.to) });
      const second = existing?.weekly_operating_hours.filter((h) => h.day_of_week === day)[1];
      if (second && second.open_time >= fromInput(d.to)) weekly.push(second);
    }
    if (weekly.length === 0) return "Open at least one day, or take calls at any time.";
    if (!timezone.trim()) return "Choose the time zone of the call hours.";
    return {
      status: "ENABLED",
      timezone_id: timezone.trim(),
      weekly_operating_hours: weekly,
      holiday_schedule: existing?.holiday_schedule ?? [],
    };
  }

  function submit() {
    if (!channel) return;
    const seconds = Number(ring);
    if (!Number.isInteger(seconds) || seconds < RING_SECONDS.min || seconds > RING_SECONDS.max) {
      setProblem(
        `Ring time must be a whole number of seconds from ${RING_SECONDS.min} to ${RING_SECONDS.max}.`,
      );
      return;
    }
    const hours = callHours(channel.call_hours);
    if (typeof hours === "string") {
      setProblem(hours);
      return;
    }
    setProblem(null);
    const name = channel.channel_name;
    save.mutate(
      {
        id: channel.channel_id,
        body: {
          status: status === "ENABLED" ? "ENABLED" : "DISABLED",
          call_icon_visibility: icon === "DISABLE_ALL" ? "DISABLE_ALL" : "DEFAULT",
          callback_permission_status: callback === "ENABLED" ? "ENABLED" : "DISABLED",
          ...(hours ? { call_hours: hours } : {}),
          ring_seconds: seconds,
        },
      },
      {
        onSuccess: () => {
          onSaved(name);
          onClose();
        },
      },
    );
  }

  const setDay = (day: Day, change: Partial<DayHours>) =>
    setDays((all) => ({ ...all, [day]: { ...all[day], ...change } }));

  return (
    <Dialog
      open={channel !== null}
      onClose={() => (save.isPending ? undefined : onClose())}
      title={`Calling on ${channel?.channel_name ?? "the channel"}`}
      description="Saved to WhatsApp first; nothing changes here if WhatsApp refuses."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="calling-settings-form" loading={save.isPending}>
            Save calling settings
          </Button>
        </>
      }
    >
      <DialogForm
        id="calling-settings-form"
        failure={problem ?? (save.isError ? errorMessage(save.error) : null)}
        onSubmit={submit}
      >
        <Select
          label="Calling"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[
            { value: "ENABLED", label: "On: customers can call this number" },
            { value: "DISABLED", label: "Off" },
          ]}
        />
        <Select
          label="Call button in WhatsApp"
          value={icon}
          onChange={(e) => setIcon(e.target.value)}
          options={[
            { value: "DEFAULT", label: "Shown in the chat and the business profile" },
            { value: "DISABLE_ALL", label: "Hidden" },
          ]}
        />
        <Select
          label="Ask callers to allow callbacks"
          value={callback}
          onChange={(e) => setCallback(e.target.value)}
          options={[
            { value: "ENABLED", label: "Yes: after a call, WhatsApp asks them" },
            { value: "DISABLED", label: "No" },
          ]}
        />
        <Input
          label="Ring time (seconds)"
          type="number"
          inputMode="numeric"
          min={RING_SECONDS.min}
          max={RING_SECONDS.max}
          hint={`A call nobody answers in this time is rejected and logged as missed (${RING_SECONDS.min}–${RING_SECONDS.max}).`}
          value={ring}
          onChange={(e) => setRing(e.target.value)}
        />
        <Checkbox
          label="Take calls only during call hours"
          description="Outside these hours WhatsApp does not put calls through. Holidays set through the API are kept."
          checked={hoursOn}
          onChange={(e) => setHoursOn(e.target.checked)}
        />
        {hoursOn ? (
          <fieldset className="space-y-3">
            <legend className="sr-only">Call hours</legend>
            <Input
              label="Time zone"
              list="calling-time-zones"
              value={timezone}
              onChange={(e) => setTimezone(e.target.value)}
              autoComplete="off"
            />
            <datalist id="calling-time-zones">
              {timeZones.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
            <ul aria-label="Weekly hours" className="space-y-2">
              {DAYS_OF_WEEK.map((day) => (
                <li key={day} className="flex flex-wrap items-end gap-x-3 gap-y-1">
                  <div className="w-32 pb-2">
                    <Checkbox
                      label={DAY_NAMES[day]}
                      checked={days[day].open}
                      onChange={(e) => setDay(day, { open: e.target.checked })}
                    />
                  </div>
                  <div className="w-28">
                    <Input
                      label={`${DAY_NAMES[day]} opens`}
                      hideLabel
                      type="time"
                      disabled={!days[day].open}
                      value={days[day].from}
                      onChange={(e) => setDay(day, { from: e.target.value })}
                    />
                  </div>
                  <span className="pb-2 text-slate-500">to</span>
                  <div className="w-28">
                    <Input
                      label={`${DAY_NAMES[day]} closes`}
                      hideLabel
                      type="time"
                      disabled={!days[day].open}
                      value={days[day].to}
                      onChange={(e) => setDay(day, { to: e.target.value })}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
      </DialogForm>
    </Dialog>
  );
}
