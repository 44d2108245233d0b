"use client";

import { type KeyboardEvent, useId, useState } from "react";
import { useTagSuggestions } from "@/components/contacts/use-contacts";
import { cx, focusRing } from "@/components/ui/cx";
import { controlClass, sentence } from "@/components/ui/input";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { CONTACT_LIMITS } from "@/lib/contacts/schemas";

export type TagInputProps = {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
};

/**
 * Tags as removable chips and a combobox (ARIA 1.2) suggesting the organization's tags. Enter or
 * comma adds the typed or highlighted tag, arrows move through suggestions, Esc closes them,
 * Backspace in an empty box removes the last tag.
 */
export function TagInput({ label, value, onChange, error }: TagInputProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const prefix = useDebouncedValue(text.trim(), 200);
  const suggestions = useTagSuggestions(prefix, open);
  const options = (suggestions.data ?? []).filter((t) => !value.includes(t));
  const listId = `${id}-list`;

  function add(tag: string) {
    const name = tag.trim().slice(0, CONTACT_LIMITS.tagLength);
    if (name && !value.includes(name)) onChange([...value, name]);
    setText("");
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (options.length === 0 ? -1 : (i + step + options.length) % options.length));
    } else if (event.key === "Enter" || event.key === ",") {
      const choice = open && active >= 0 ? options[active] : text;
      if (choice?.trim()) {
        event.preventDefault();
        add(choice);
      }
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === "Backspace" && text === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen tags">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-blue-800"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(value.filter((t) => t !== tag))}
                className={cx("rounded-full px-1 hover:bg-blue-100", focusRing)}
                aria-label={`Remove tag ${tag}`}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          value={text}
          placeholder="Add a tag and press Enter"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className={cx(controlClass, "h-10")}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {open && options.length > 0 ? (
          <div
            id={listId}
            role="listbox"
            aria-label="Existing tags"
            className="absolute z-10 mt-1 max-h-48 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {options.map((tag, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen from the keyboard in the combobox input
              <div
                key={tag}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={cx(
                  "cursor-pointer px-3 py-1.5",
                  i === active ? "bg-blue-50 text-blue-900" : "hover:bg-slate-50",
                )}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => add(tag)}
              >
                {tag}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {sentence(error)}
        </p>
      ) : null}
    </div>
  );
}
