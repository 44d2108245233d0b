"use client";

import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { cx, focusRing } from "@/components/ui/cx";

export type ToastTone = "success" | "error" | "info";
type Toast = { id: number; tone: ToastTone; message: string };
type ToastApi = { show: (message: string, tone?: ToastTone) => void };

const ToastContext = createContext<ToastApi | null>(null);
const LIFETIME_MS = 6_000;

const TONES: Record<ToastTone, string> = {
  success: "border-green-200 bg-green-50 text-green-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-slate-200 bg-white text-slate-900",
};

/**
 * Short notices after an action ("Key revoked"). Announced by a polite live region (errors
 * assertively); each disappears after a few seconds or on its close button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: string, tone: ToastTone = "success") => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-3), { id, tone, message }]);
      setTimeout(() => dismiss(id), LIFETIME_MS);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-80 flex-col gap-2">
        {(["polite", "assertive"] as const).map((politeness) => (
          <div key={politeness} aria-live={politeness} className="flex flex-col gap-2">
            {toasts
              .filter((t) => (t.tone === "error") === (politeness === "assertive"))
              .map((t) => (
                <div
                  key={t.id}
                  className={cx(
                    "pointer-events-auto flex items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-md",
                    TONES[t.tone],
                  )}
                >
                  <p className="flex-1">{t.message}</p>
                  <button
                    type="button"
                    onClick={() => dismiss(t.id)}
                    aria-label="Dismiss notification"
                    className={cx("rounded px-1 opacity-70 hover:opacity-100", focusRing)}
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                </div>
              ))}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
