"use client";

import { useQueryClient } from "@tanstack/react-query";
import Papa, { type Parser } from "papaparse";
import { useRef, useState } from "react";
import { CONTACTS_QUERY_KEY, TAGS_QUERY_KEY } from "@/components/contacts/use-contacts";
import { callDashboard } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import {
  type ExistingMode,
  IMPORT_BATCH_SIZE,
  type ImportOutcome,
  type ImportRowResult,
} from "@/lib/contacts/import-format";
import { CSV_CONTENT_TYPE, csvLines } from "@/lib/csv/write-csv";

/** Rows of the report the dialog lists; the downloaded report has every row. */
export const SHOWN_ROWS = 200;

export type ImportState = {
  status: "idle" | "running" | "done" | "failed" | "cancelled";
  /** 0–1: bytes of the file read and sent */
  progress: number;
  rows: number;
  counts: Record<ImportOutcome, number>;
  /** the first SHOWN_ROWS rows that were not simply created (updated, skipped, failed) */
  shown: ImportRowResult[];
  /** rows updated, skipped or failed, shown or not */
  noted: number;
  error: string | null;
};

export const IDLE_IMPORT: ImportState = {
  status: "idle",
  progress: 0,
  rows: 0,
  counts: { created: 0, updated: 0, skipped: 0, failed: 0 },
  shown: [],
  noted: 0,
  error: null,
};

const REPORT_COLUMNS = ["row", "phone", "outcome", "fields", "message", "contact_id"];

/** A batch's lines of the report; every cell quotes the uploaded file, so lib/csv/write-csv.ts writes them. */
function reportLines(rows: ImportRowResult[]): string {
  return csvLines(rows.map((r) => [r.row, r.phone, r.outcome, r.fields.join(" "), r.message, r.contactId]));
}
type Row = { row: number; values: Record<string, string> };

/**
 * Reads the CSV in the browser in 256 KB chunks (papaparse), sends the rows in batches to the
 * import route and pauses the reader while a batch is on its way: memory stays flat for any file
 * size and the progress bar follows the bytes done. Row numbers count data rows from 1. The
 * per-row report grows as a Blob (which the browser may keep on disk), never as an array of
 * every row: the state keeps counts and the first SHOWN_ROWS rows worth a look.
 */
export function useCsvImport() {
  const [state, setState] = useState<ImportState>(IDLE_IMPORT);
  const cancelled = useRef(false);
  const report = useRef<Blob>(new Blob([]));
  const client = useQueryClient();
  const patch = (p: Partial<ImportState> | ((s: ImportState) => Partial<ImportState>)) =>
    setState((s) => ({ ...s, ...(typeof p === "function" ? p(s) : p) }));

  async function send(rows: Row[], existing: ExistingMode) {
    for (let i = 0; i < rows.length && !cancelled.current; i += IMPORT_BATCH_SIZE) {
      const batch = rows.slice(i, i + IMPORT_BATCH_SIZE);
      const result = await callDashboard(CONTACT_DASHBOARD.importContacts, {
        body: { existing, rows: batch },
      });
      report.current = new Blob([report.current, reportLines(result.rows)], { type: CSV_CONTENT_TYPE });
      const noted = result.rows.filter((r) => r.outcome !== "created");
      patch((s) => ({
        counts: {
          created: s.counts.created + result.created,
          updated: s.counts.updated + result.updated,
          skipped: s.counts.skipped + result.skipped,
          failed: s.counts.failed + result.failed,
        },
        shown: s.shown.length < SHOWN_ROWS ? [...s.shown, ...noted].slice(0, SHOWN_ROWS) : s.shown,
        noted: s.noted + noted.length,
        rows: s.rows + batch.length,
      }));
    }
  }

  function finish(status: ImportState["status"], error: string | null = null) {
    patch((s) => ({ status, error, progress: status === "done" ? 1 : s.progress }));
    void client.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY });
    void client.invalidateQueries({ queryKey: TAGS_QUERY_KEY });
  }

  function start(file: File, existing: ExistingMode) {
    cancelled.current = false;
    report.current = new Blob([csvLines([REPORT_COLUMNS])], { type: CSV_CONTENT_TYPE });
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
        send(rows, existing)
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
    /** the whole per-row report as a CSV file */
    download: () => {
      const url = URL.createObjectURL(report.current);
      const link = Object.assign(document.createElement("a"), { href: url, download: "import-report.csv" });
      link.click();
      URL.revokeObjectURL(url);
    },
    reset: () => {
      report.current = new Blob([]);
      setState(IDLE_IMPORT);
    },
  };
}
