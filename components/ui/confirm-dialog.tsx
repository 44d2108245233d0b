"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

export type ConfirmDialogProps = {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: ReactNode;
  /** what will happen, in plain words */
  children: ReactNode;
  confirmLabel: string;
  /** the button that closes without acting (default "Cancel") */
  cancelLabel?: string;
  /** "danger" for destructive actions (red button) */
  tone?: "danger" | "primary";
  /** the action is running: the confirm button spins, both are disabled */
  pending?: boolean;
  /** a failure of the action, shown in the dialog */
  error?: string | null;
};

/** Asks before a destructive action. Focus starts on Cancel, so Enter never destroys by accident. */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  tone = "danger",
  pending = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!pending) onCancel();
      }}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        {children}
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
