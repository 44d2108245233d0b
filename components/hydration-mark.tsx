"use client";

import { useEffect } from "react";

/**
 * Marks the document hydrated (`<html data-hydrated>`) once React has attached its handlers. A
 * click on server-rendered HTML before that does nothing: end-to-end tests on a loaded machine
 * wait for the mark before they click (e2e/support.ts `signIn` and `whenHydrated`).
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
