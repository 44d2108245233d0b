"use client";

import { useChannels } from "@/components/channels/use-channels";
import { dashboardUrl } from "@/components/lib/dashboard-client";
import { buttonClass } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Segmented } from "@/components/ui/segmented";
import { Select } from "@/components/ui/select";
import { type UsageFilters, usageQuery } from "@/components/usage/use-usage";
import { USAGE_DASHBOARD } from "@/lib/usage/dashboard-endpoints";

const DAY_MS = 24 * 60 * 60 * 1000;
const PRESETS = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "custom", label: "Custom" },
] as const;
type Preset = (typeof PRESETS)[number]["value"];

export function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
}

/** Which preset a range is (ending today, 7/30/90 days), else custom. */
function presetOf(f: UsageFilters): Preset {
  if (f.to !== utcToday()) return "custom";
  const found = PRESETS.find((p) => p.value !== "custom" && f.from === daysBefore(f.to, Number(p.value) - 1));
  return found?.value ?? "custom";
}

/** The range (UTC days), the channel and the CSV of what is shown. */
export function UsageFiltersBar({
  filters,
  onChange,
}: {
  filters: UsageFilters;
  onChange: (f: Partial<UsageFilters>) => void;
}) {
  const channels = useChannels(false);
  const preset = presetOf(filters);
  return (
    <div className="mb-6 flex flex-wrap items-end gap-3">
      <Segmented
        label="Range"
        options={PRESETS}
        value={preset}
        onChange={(v) => {
          if (v !== "custom") onChange({ from: daysBefore(utcToday(), Number(v) - 1), to: utcToday() });
          else
            onChange({
              from: filters.from,
              to: filters.to === utcToday() ? daysBefore(utcToday(), 1) : filters.to,
            });
        }}
      />
      <div className="w-40">
        <Input
          label="From (UTC)"
          type="date"
          value={filters.from}
          max={filters.to}
          onChange={(e) => e.target.value && onChange({ from: e.target.value })}
        />
      </div>
      <div className="w-40">
        <Input
          label="To (UTC)"
          type="date"
          value={filters.to}
          min={filters.from}
          max={utcToday()}
          onChange={(e) => e.target.value && onChange({ to: e.target.value })}
        />
      </div>
      <div className="w-56">
        <Select
          label="Channel"
          value={filters.channel}
          onChange={(e) => onChange({ channel: e.target.value })}
          options={[
            { value: "", label: "All channels" },
            ...(channels.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
      </div>
      <a
        className={buttonClass("secondary")}
        href={dashboardUrl(USAGE_DASHBOARD.exportUsage, { query: usageQuery(filters) })}
        download
      >
        Export CSV
      </a>
    </div>
  );
}
