"use client";

import * as RadixToast from "@radix-ui/react-toast";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { cx, focusRing } from "@/components/ui/cx";

export type ToastTone = "success" | "error" | "info";
type Toast = { id: number; tone: ToastTone; message: string; open: boolean };
type ToastApi = { show: (message: string, tone?: ToastTone) => void };

const ToastContext = createContext<ToastApi | null>(null);
const LIFETIME_MS = 6_000;

const TONES: Record<ToastTone, string> = {
  success: "border-green-200 bg-green-50 text-green-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-slate-200 bg-white text-slate-900",
};

/**
 * Short notices after an action ("Key revoked"), on Radix UI's Toast (@radix-ui/react-toast):
 * announced politely (errors assertively, as `foreground` toasts), paused while hovered or
 * focused, dismissed after a few seconds, by swiping, or with the close button; F8 reaches them.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const close = useCallback(
    (id: number) => setToasts((all) => all.map((t) => (t.id === id ? { ...t, open: false } : t))),
    [],
  );
  const forget = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, tone: ToastTone = "success") => {
    const id = next.current++;
    setToasts((all) => [...all.filter((t) => t.open).slice(-3), { id, tone, message, open: true }]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider duration={LIFETIME_MS} swipeDirection="right" label="Notification">
        {children}
        {toasts.map((t) => (
          <RadixToast.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) {
                close(t.id);
                setTimeout(() => forget(t.id), 200);
              }
            }}
            type={t.tone === "error" ? "foreground" : "background"}
            className={cx(
              "pointer-events-auto flex items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-md",
              TONES[t.tone],
            )}
          >
            <RadixToast.Description className="flex-1">{t.message}</RadixToast.Description>
            <RadixToast.Close
              aria-label="Dismiss notification"
              className={cx("rounded px-1 opacity-70 hover:opacity-100", focusRing)}
            >
              <span aria-hidden="true">✕</span>
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="fixed right-4 bottom-4 z-[60] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
