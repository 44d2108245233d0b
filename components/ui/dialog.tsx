"use client";

import { type ReactNode, useEffect, useId, useRef } from "react";
import { cx, focusRing } from "@/components/ui/cx";

export type DialogProps = {
  open: boolean;
  /** called on Esc, a click on the backdrop or the close button */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** buttons, right-aligned under the content */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** multi-step dialogs: a new value moves focus to the new step's first control */
  step?: string | number;
};

const WIDTHS = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-3xl" } as const;

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside), Esc closes it and focus returns to the element that opened it. Focus starts on the element marked
 * `data-autofocus` (React's autoFocus runs before showModal and is lost), else the first control.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
  step,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // the control that opened the dialog: focus goes back to it on close. Chromium only restores
  // focus itself when focus is inside the dialog at close(), and React has already unmounted
  // the content by then, so focus would fall to <body>.
  const opener = useRef<HTMLElement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `step` re-runs the initial focus
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.open) {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        dialog.showModal();
      }
      // showModal() would focus the close button (first in order): start on the marked control,
      // else the first control of the content
      const first =
        dialog.querySelector<HTMLElement>("[data-autofocus]") ??
        dialog.querySelector<HTMLElement>(
          "[data-dialog-body] :is(input, select, textarea, button):not([disabled])",
        );
      first?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
    }
  }, [open, step]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Esc (the cancel event) is the keyboard way
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cx(
        "m-auto w-[calc(100%-2rem)] rounded-lg bg-white p-0 text-slate-900 shadow-xl",
        "backdrop:bg-slate-900/50",
        WIDTHS[size],
      )}
    >
      {open ? (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className={cx("rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800", focusRing)}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <div data-dialog-body className="relative overflow-y-auto px-5 py-4">
            {children}
          </div>
          {footer ? (
            <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
