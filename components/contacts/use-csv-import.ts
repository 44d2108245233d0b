"use client";

import { useQueryClient } from "@tanstack/react-query";
import Papa, { type Parser } from "papaparse";
import { useRef, useState } from "react";
import { CONTACTS_QUERY_KEY, TAGS_QUERY_KEY } from "@/components/contacts/use-contacts";
import { callDashboard } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { IMPORT_BATCH_SIZE, type ImportIssue } from "@/lib/contacts/import-format";

export type ImportState = {
  status: "idle" | "running" | "done" | "failed" | "cancelled";
  /** 0–1: bytes of the file read and sent */
  progress: number;
  rows: number;
  created: number;
  issues: ImportIssue[];
  error: string | null;
};

export const IDLE_IMPORT: ImportState = {
  status: "idle",
  progress: 0,
  rows: 0,
  created: 0,
  issues: [],
  error: null,
};
type Row = { row: number; values: Record<string, string> };

/**
 * Reads the CSV in the browser in 256 KB chunks (papaparse), sends the rows in batches to the
 * import route and pauses the reader while a batch is on its way: memory stays flat for any file
 * size and the progress bar follows the bytes done. Row numbers count data rows from 1.
 */
export function useCsvImport() {
  const [state, setState] = useState<ImportState>(IDLE_IMPORT);
  const cancelled = useRef(false);
  const client = useQueryClient();
  const patch = (p: Partial<ImportState> | ((s: ImportState) => Partial<ImportState>)) =>
    setState((s) => ({ ...s, ...(typeof p === "function" ? p(s) : p) }));

  async function send(rows: Row[]) {
    for (let i = 0; i < rows.length && !cancelled.current; i += IMPORT_BATCH_SIZE) {
      const batch = rows.slice(i, i + IMPORT_BATCH_SIZE);
      const result = await callDashboard(CONTACT_DASHBOARD.importContacts, { body: { rows: batch } });
      patch((s) => ({
        created: s.created + result.created,
        issues: [...s.issues, ...result.issues],
        rows: s.rows + batch.length,
      }));
    }
  }

  function finish(status: ImportState["status"], error: string | null = null) {
    patch((s) => ({ status, error, progress: status === "done" ? 1 : s.progress }));
    void client.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY });
    void client.invalidateQueries({ queryKey: TAGS_QUERY_KEY });
  }

  function start(file: File) {
    cancelled.current = false;
    setState({ ...IDLE_IMPORT, status: "running" });
    let next = 1;
    let failed = false;
    Papa.parse<Record<string, unknown>>(file, {
      header: true,
      skipEmptyLines: "greedy",
      chunkSize: 256 * 1024,
      transformHeader: (h) => h.trim(),
      chunk: (results, parser: Parser) => {
        const fields = results.meta.fields ?? [];
        if (!fields.includes("phone")) {
          failed = true;
          parser.abort();
          return finish(
            "failed",
            "The first line must be a header with a “phone” column (phone,name,email,tags,…).",
          );
        }
        const rows = results.data.map((data) => ({
          row: next++,
          values: Object.fromEntries(fields.map((f) => [f, typeof data[f] === "string" ? data[f] : ""])),
        }));
        parser.pause();
        send(rows)
          .then(() => {
            patch({ progress: file.size > 0 ? results.meta.cursor / file.size : 1 });
            if (cancelled.current) parser.abort();
            else parser.resume();
          })
          .catch((error: unknown) => {
            failed = true;
            parser.abort();
            finish("failed", `The import stopped: ${errorMessage(error)}`);
          });
      },
      complete: () => {
        if (!failed) finish(cancelled.current ? "cancelled" : "done");
      },
      error: (error) => finish("failed", `The file could not be read: ${error.message}`),
    });
  }

  return {
    state,
    start,
    cancel: () => {
      cancelled.current = true;
    },
    reset: () => setState(IDLE_IMPORT),
  };
}
