"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { sentence } from "@/components/ui/input";
import { ALL_EVENTS_CHOICE, EVENT_NAMES, type EventName } from "@/lib/events/names";

const GROUPS: { label: string; prefix: string }[] = [
  { label: "Messages", prefix: "message." },
  { label: "Contacts", prefix: "contact." },
  { label: "Conversations", prefix: "conversation." },
  { label: "Broadcasts", prefix: "broadcast." },
  // opt-in (lib/events/names.ts OPT_IN_EVENT_NAMES): "All events" leaves it out
  { label: "Raw WhatsApp", prefix: "whatsapp." },
];

/** Every event has a box: one no group names is shown under "Other" rather than not at all. */
const SHOWN = [
  ...GROUPS.map((g) => ({ ...g, names: EVENT_NAMES.filter((e) => e.startsWith(g.prefix)) })),
  {
    label: "Other",
    prefix: "",
    names: EVENT_NAMES.filter((e) => !GROUPS.some((g) => e.startsWith(g.prefix))),
  },
].filter((g) => g.names.length > 0);

/**
 * The events a webhook receives, grouped, with "All events" on top. "All events" is every event
 * but the opt-in ones (raw `whatsapp.notification`), which stay as they were when it is toggled.
 * Ticked, it is saved as `"*"` (webhook-form-state.ts `subscription`), so events declared later
 * reach the webhook too.
 */
export function EventPicker({
  value,
  onChange,
  error,
}: {
  value: EventName[];
  onChange: (events: EventName[]) => void;
  error?: string;
}) {
  const all = ALL_EVENTS_CHOICE.every((e) => value.includes(e));
  const optIns = value.filter((e) => !ALL_EVENTS_CHOICE.includes(e));
  const toggle = (name: EventName, on: boolean) =>
    onChange(
      on ? EVENT_NAMES.filter((e) => e === name || value.includes(e)) : value.filter((e) => e !== name),
    );
  return (
    <fieldset aria-describedby={error ? "events-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">Events</legend>
      <Checkbox
        className="mt-2"
        label="All events"
        checked={all}
        onChange={(e) => onChange(e.target.checked ? [...ALL_EVENTS_CHOICE, ...optIns] : optIns)}
      />
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        {SHOWN.map((group) => (
          <fieldset key={group.label} className="space-y-2">
            <legend className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {group.label}
            </legend>
            {group.names.map((name) => (
              <Checkbox
                key={name}
                label={<span className="font-mono text-xs">{name}</span>}
                checked={value.includes(name)}
                onChange={(e) => toggle(name, e.target.checked)}
              />
            ))}
          </fieldset>
        ))}
      </div>
      {error ? (
        <p id="events-error" className="mt-2 text-xs font-medium text-red-700">
          {sentence(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
