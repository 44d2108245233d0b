"use client";

import { useState } from "react";
import { dashboardUrl } from "@/components/lib/dashboard-client";
import { signInUrl } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useToast } from "@/components/ui/toast";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";

/** Line breaks in a chunk: an estimate of rows (quoted multi-line cells make it run ahead; capped at 99%). */
function countLines(chunk: Uint8Array): number {
  let n = 0;
  for (const byte of chunk) if (byte === 10) n++;
  return n;
}

/**
 * Downloads every contact as CSV (or, with `url`, another streamed CSV: a broadcast's results).
 * The server streams the file; reading it here (rather than a plain link) lets the button show
 * a progress bar against the row count the server announces (`countHeader`).
 */
export function ExportButton({
  url = dashboardUrl(CONTACT_DASHBOARD.exportContacts),
  countHeader = "X-Contact-Count",
  noun = "contacts",
}: {
  url?: string;
  countHeader?: string;
  noun?: string;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const toast = useToast();

  async function exportCsv() {
    setProgress(0);
    try {
      const res = await fetch(url, { credentials: "same-origin" });
      if (res.status === 401) return window.location.assign(signInUrl());
      if (!res.ok || !res.body) {
        // the envelope's message says why (a limit reached: which one, and when to try again)
        const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(answer?.error?.message ?? `the server answered ${res.status}`);
      }
      const total = Number(res.headers.get(countHeader) ?? 0);
      const parts: Uint8Array[] = [];
      let lines = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        lines += countLines(value);
        setProgress(total > 0 ? Math.min(0.99, (lines - 1) / total) : 0.5);
      }
      const name =
        /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? `${noun}.csv`;
      const href = URL.createObjectURL(new Blob(parts as BlobPart[], { type: "text/csv" }));
      Object.assign(document.createElement("a"), { href, download: name }).click();
      URL.revokeObjectURL(href);
      toast.show(`Exported ${total.toLocaleString()} ${noun}.`);
    } catch (error) {
      toast.show(`The export failed: ${error instanceof Error ? error.message : String(error)}`, "error");
    } finally {
      setProgress(null);
    }
  }

  return progress === null ? (
    <Button variant="secondary" onClick={exportCsv}>
      Export CSV
    </Button>
  ) : (
    <div className="w-48">
      <ProgressBar value={progress} label="Exporting" />
    </div>
  );
}
