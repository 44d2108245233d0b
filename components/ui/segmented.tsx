"use client";

import { useId } from "react";
import { cx } from "@/components/ui/cx";

export type SegmentOption<V extends string> = { value: V; label: string; count?: string };

/**
 * A row of mutually exclusive choices (range pickers, status tabs) built on native radios:
 * one tab stop, arrow keys move between options, screen readers announce "n of m".
 */
export function Segmented<V extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  /** names the group for assistive technology */
  label: string;
  options: readonly SegmentOption<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cx("inline-flex rounded-md border border-slate-300 bg-white p-0.5", className)}>
      <legend className="sr-only">{label}</legend>
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            className={cx(
              "relative flex cursor-pointer items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium whitespace-nowrap",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-blue-600",
              checked ? "bg-blue-600 text-white" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            {option.label}
            {option.count !== undefined ? (
              <span
                className={cx(
                  "rounded-full px-1.5 text-xs",
                  checked ? "bg-white text-blue-800" : "bg-slate-100 text-slate-700",
                )}
              >
                {option.count}
              </span>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}
