"use client";

import { useId, useState } from "react";
import {
  DEFAULT_FILTERS,
  type DeliveryFilters,
  PERIODS,
  type Period,
} from "@/components/deliveries/delivery-filters";
import type { StatusCounts } from "@/components/deliveries/use-deliveries";
import { formatNumber } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import {
  DELIVERY_EVENT_NAMES,
  type DeliverySort,
  type DeliveryStatus,
} from "@/lib/webhooks/delivery-schemas";

const STATUS_OPTIONS = [
  { value: "failed", label: "Failed" },
  { value: "pending", label: "Pending or retrying" },
  { value: "succeeded", label: "Succeeded" },
] as const;

function withCount(label: string, count: StatusCounts[keyof StatusCounts] | undefined): string {
  return count ? `${label} (${formatNumber(count.matching)}${count.capped ? "+" : ""})` : label;
}

const EVENT_OPTIONS = [
  { value: "", label: "Any event" },
  ...DELIVERY_EVENT_NAMES.map((e) => ({ value: e, label: e })),
];

const SORT_OPTIONS = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
];

const PERIOD_OPTIONS = (Object.keys(PERIODS) as Period[]).map((p) => ({ value: p, label: PERIODS[p].label }));

/** How many filters differ from the defaults ("Filters · 2 set" on a phone). */
function setCount(filters: DeliveryFilters): number {
  const keys = ["status", "webhookId", "event", "period", "sort"] as const;
  return keys.filter((k) => filters[k] !== DEFAULT_FILTERS[k]).length;
}

/**
 * Status, webhook, event, time and order: every change applies at once (and lands in the URL).
 * On a phone they fold behind one "Filters" button, so the deliveries come first.
 */
export function DeliveriesFiltersBar({
  filters,
  webhooks,
  counts,
  onChange,
}: {
  filters: DeliveryFilters;
  /** deliveries per status under the other filters, shown in the Status menu */
  counts?: StatusCounts;
  webhooks: { id: string; name: string }[];
  /** a change to some filters, merged into the latest ones (two quick changes must not undo each other) */
  onChange: (patch: Partial<DeliveryFilters>) => void;
}) {
  const set = (patch: Partial<DeliveryFilters>) => onChange(patch);
  const webhookOptions = [
    { value: "", label: "Any webhook" },
    ...webhooks.map((w) => ({ value: w.id, label: w.name })),
  ];
  if (filters.webhookId && !webhooks.some((w) => w.id === filters.webhookId)) {
    webhookOptions.push({ value: filters.webhookId, label: filters.webhookId });
  }
  const [open, setOpen] = useState(false);
  const panel = useId();
  const n = setCount(filters);
  return (
    <div className="mb-4">
      <Button
        variant="secondary"
        className="mb-3 w-full sm:hidden"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? "Hide filters" : "Filters"}
        {n > 0 ? ` · ${n} set` : ""}
      </Button>
      <form
        id={panel}
        aria-label="Filter deliveries"
        className={`grid gap-3 sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-6 ${open ? "" : "max-sm:hidden"}`}
        onSubmit={(e) => e.preventDefault()}
      >
        <Select
          label="Status"
          options={[
            { value: "", label: "Any status" },
            ...STATUS_OPTIONS.map((o) => ({ value: o.value, label: withCount(o.label, counts?.[o.value]) })),
          ]}
          value={filters.status}
          onChange={(e) => set({ status: e.target.value as DeliveryStatus | "" })}
        />
        <Select
          label="Webhook"
          options={webhookOptions}
          value={filters.webhookId}
          onChange={(e) => set({ webhookId: e.target.value })}
        />
        <Select
          label="Event"
          options={EVENT_OPTIONS}
          value={filters.event}
          onChange={(e) => set({ event: e.target.value })}
        />
        <Select
          label="Created"
          options={PERIOD_OPTIONS}
          value={filters.period}
          onChange={(e) => set({ period: e.target.value as Period })}
        />
        <Select
          label="Sort"
          options={SORT_OPTIONS}
          value={filters.sort}
          onChange={(e) => set({ sort: e.target.value as DeliverySort })}
        />
        {filters.period === "custom" ? (
          <>
            <Input
              label="From"
              type="datetime-local"
              value={filters.from}
              onChange={(e) => set({ from: e.target.value })}
            />
            <Input
              label="To"
              type="datetime-local"
              value={filters.to}
              onChange={(e) => set({ to: e.target.value })}
              hint="Empty: until now."
            />
          </>
        ) : null}
      </form>
    </div>
  );
}
