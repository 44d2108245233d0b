"use client";

import { useEffect, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";

/** Copies `value` to the clipboard and says so ("Copied") for two seconds, also to screen readers. */
export function CopyButton({
  value,
  label = "Copy",
  variant = "secondary",
  size = "sm",
}: {
  value: string;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2_000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <Button variant={variant} size={size} onClick={copy}>
      <span aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select and copy" : label}
      </span>
    </Button>
  );
}
