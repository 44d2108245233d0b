"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { type ReactNode, useEffect, useRef } from "react";
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

/** The element to start on: the one marked `data-autofocus`, else the first control of the body. */
function initialFocus(content: HTMLElement | null): HTMLElement | null {
  if (!content) return null;
  return (
    content.querySelector<HTMLElement>("[data-autofocus]") ??
    content.querySelector<HTMLElement>(
      "[data-dialog-body] :is(input, select, textarea, button):not([disabled])",
    )
  );
}

/** Where focus goes back to: the focused control, or for an item of a menu, the menu's button. */
function returnTarget(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement)) return null;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (!menu?.id) return active;
  return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? active;
}

/**
 * A modal on Radix UI's Dialog (@radix-ui/react-dialog): the rest of the page is inert and
 * hidden from screen readers, focus is trapped inside, Esc and a click outside close it, and
 * focus returns to the control that opened it. Focus starts on the element marked
 * `data-autofocus`, else the first control of the content (not the close button).
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
  const content = useRef<HTMLDivElement>(null);
  // the control that opened the dialog: focus goes back to it on close (Radix returns focus to a
  // Dialog.Trigger, and our dialogs are opened by state, from buttons and menu items)
  const opener = useRef<HTMLElement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `step` moves focus to its first control
  useEffect(() => {
    if (open && step !== undefined) initialFocus(content.current)?.focus();
  }, [step]);

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          ref={content}
          onOpenAutoFocus={(event) => {
            opener.current = returnTarget(document.activeElement);
            const first = initialFocus(content.current);
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            opener.current = null;
            if (back?.isConnected) {
              event.preventDefault();
              back.focus();
            }
          }}
          className={cx(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
            "rounded-lg bg-white text-slate-900 shadow-xl focus:outline-none",
            WIDTHS[size],
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm break-words text-slate-600">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              aria-label="Close"
              className={cx("rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800", focusRing)}
            >
              <span aria-hidden="true">✕</span>
            </RadixDialog.Close>
          </div>
          <div data-dialog-body className="relative overflow-y-auto px-5 py-4">
            {children}
          </div>
          {footer ? (
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-5 py-3">
              {footer}
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
