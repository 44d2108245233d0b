"use client";

import { useState } from "react";
import { ImportReport } from "@/components/contacts/import-report";
import { useCsvImport } from "@/components/contacts/use-csv-import";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { controlClass, Field } from "@/components/ui/input";
import { ProgressBar } from "@/components/ui/progress-bar";

const EXAMPLE = "phone,name,email,tags,plan\n+14155550123,Ada Lovelace,ada@example.com,vip;beta,pro";

/** Upload a CSV: the format, a progress bar while it runs, then the per-row report. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const csv = useCsvImport();
  const { status } = csv.state;
  const running = status === "running";

  function close() {
    if (running) return;
    csv.reset();
    setFile(null);
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Import contacts from CSV"
      description="Rows with an existing number are reported as duplicates and skipped; invalid rows are listed with the reason."
      footer={
        running ? (
          <Button variant="secondary" onClick={csv.cancel}>
            Stop import
          </Button>
        ) : status === "idle" ? (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button disabled={!file} onClick={() => file && csv.start(file)}>
              Import
            </Button>
          </>
        ) : (
          <Button onClick={close}>Done</Button>
        )
      }
    >
      <div className="space-y-5">
        {status === "idle" ? (
          <>
            <div className="text-sm text-slate-700">
              <p>
                The first line names the columns: <code>phone</code> (required), <code>name</code>,{" "}
                <code>email</code>, <code>tags</code> (separated by <code>;</code>); any other column becomes
                a custom field.
              </p>
              <pre
                // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls; Tab must reach it to scroll it by keyboard (axe scrollable-region-focusable)
                tabIndex={0}
                className="mt-2 overflow-x-auto rounded-md bg-slate-100 p-3 text-xs"
              >
                {EXAMPLE}
              </pre>
            </div>
            <Field label="CSV file">
              {({ id }) => (
                <input
                  id={id}
                  type="file"
                  accept=".csv,text/csv"
                  className={`${controlClass} py-2`}
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              )}
            </Field>
          </>
        ) : (
          <ProgressBar
            value={csv.state.progress}
            tone={status === "failed" ? "danger" : status === "done" ? "success" : "info"}
            label={
              running
                ? "Importing…"
                : status === "done"
                  ? "Import finished"
                  : status === "cancelled"
                    ? "Import stopped"
                    : "Import failed"
            }
          />
        )}
        {csv.state.error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {csv.state.error}
          </p>
        ) : null}
        {status !== "idle" ? (
          <ImportReport created={csv.state.created} rows={csv.state.rows} issues={csv.state.issues} />
        ) : null}
      </div>
    </Dialog>
  );
}
