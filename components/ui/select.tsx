"use client";

import * as RadixSelect from "@radix-ui/react-select";
import { type ChangeEvent, type ReactNode, type SelectHTMLAttributes, useState } from "react";
import { cx, focusRing } from "@/components/ui/cx";
import { controlClass, Field } from "@/components/ui/input";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: string;
  hideLabel?: boolean;
};

/** Radix refuses an item whose value is "": our "All" / "Choose…" options are "" to callers. */
const EMPTY = "__empty__";
const toRadix = (value: string) => (value === "" ? EMPTY : value);
const fromRadix = (value: string) => (value === EMPTY ? "" : value);

/** Only ARIA, data and title attributes reach the trigger (the rest are a native select's). */
function passThrough(rest: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(rest).filter(
      ([key]) => key.startsWith("aria-") || key.startsWith("data-") || key === "title",
    ),
  );
}

/**
 * A labelled select on Radix UI's Select (@radix-ui/react-select): a combobox button and a
 * listbox with type-ahead, arrow keys, Home/End and Esc, which fits a phone's screen. The props
 * are a native select's, so callers keep `value` and `onChange={(e) => e.target.value}`:
 * onChange receives an event-like object whose target holds the chosen value.
 */
export function Select({
  label,
  options,
  hint,
  error,
  hideLabel,
  className,
  value,
  defaultValue,
  onChange,
  disabled,
  name,
  required,
  ...rest
}: SelectProps) {
  const [own, setOwn] = useState(String(defaultValue ?? options[0]?.value ?? ""));
  const current = value === undefined ? own : String(value);
  const chosen = options.find((o) => o.value === current);
  const choose = (next: string) => {
    const v = fromRadix(next);
    setOwn(v);
    const target = { value: v, name: name ?? "" };
    onChange?.({ target, currentTarget: target } as unknown as ChangeEvent<HTMLSelectElement>);
  };
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel}>
      {({ id, describedBy, invalid }) => (
        <RadixSelect.Root
          value={toRadix(current)}
          onValueChange={choose}
          disabled={disabled}
          name={name}
          required={required}
        >
          <RadixSelect.Trigger
            id={id}
            data-value={current}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={cx(
              controlClass,
              "flex h-10 items-center justify-between gap-2 text-left data-[placeholder]:text-slate-500",
              className,
            )}
            {...passThrough(rest)}
          >
            <span className="truncate">
              <RadixSelect.Value>{chosen?.label ?? ""}</RadixSelect.Value>
            </span>
            <RadixSelect.Icon aria-hidden="true" className="shrink-0 text-slate-500">
              ▾
            </RadixSelect.Icon>
          </RadixSelect.Trigger>
          <RadixSelect.Portal>
            <RadixSelect.Content
              position="popper"
              sideOffset={4}
              className="z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
            >
              <RadixSelect.Viewport className="p-1">
                {options.map((o) => (
                  <RadixSelect.Item
                    key={o.value}
                    value={toRadix(o.value)}
                    data-value={o.value}
                    disabled={o.disabled}
                    className={cx(
                      "relative flex cursor-default items-center rounded px-3 py-2 pr-8 text-sm text-slate-900 select-none",
                      "data-[disabled]:text-slate-400 data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-900",
                      focusRing,
                    )}
                  >
                    <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
                    <RadixSelect.ItemIndicator className="absolute right-2" aria-hidden="true">
                      ✓
                    </RadixSelect.ItemIndicator>
                  </RadixSelect.Item>
                ))}
              </RadixSelect.Viewport>
            </RadixSelect.Content>
          </RadixSelect.Portal>
        </RadixSelect.Root>
      )}
    </Field>
  );
}
