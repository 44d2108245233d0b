"use client";

import { useState } from "react";
import { ImportReport } from "@/components/contacts/import-report";
import { useCsvImport } from "@/components/contacts/use-csv-import";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { controlClass, Field } from "@/components/ui/input";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { ExistingMode } from "@/lib/contacts/import-format";

const EXAMPLE = "phone,name,email,tags,plan\n+14155550123,Ada Lovelace,ada@example.com,vip;beta,pro";

const MODES: { value: ExistingMode; label: string; hint: string }[] = [
  { value: "skip", label: "Skip", hint: "Leave them as they are; the report lists them." },
  { value: "add_tags", label: "Add tags only", hint: "Add the row's tags; nothing else changes." },
  {
    value: "fill_empty",
    label: "Fill empty fields",
    hint: "Set name, e-mail and custom fields the contact has no value for, and add the tags.",
  },
  {
    value: "overwrite",
    label: "Overwrite",
    hint: "The row's non-empty values replace the stored ones, and the tags are added.",
  },
];

/** What to do with rows whose number (or user_id) is already a contact. */
function ExistingChoice({ value, onChange }: { value: ExistingMode; onChange: (v: ExistingMode) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Contacts that already exist</legend>
      <p className="text-xs text-slate-600">
        Rows whose number (or <code>user_id</code>) is already a contact. Empty cells never clear anything,
        and a marketing opt-out or a block is never changed by an import.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {MODES.map((m) => (
          <label
            key={m.value}
            className="flex cursor-pointer gap-2 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
          >
            <input
              type="radio"
              name="existing"
              value={m.value}
              checked={value === m.value}
              onChange={() => onChange(m.value)}
              aria-describedby={`existing-${m.value}-hint`}
              className="mt-0.5"
            />
            <span>
              <span className="block font-medium text-slate-900">{m.label}</span>
              <span id={`existing-${m.value}-hint`} className="block text-xs text-slate-600">
                {m.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Upload a CSV: the format, a progress bar while it runs, then the per-row report. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [existing, setExisting] = useState<ExistingMode>("skip");
  const csv = useCsvImport();
  const { status } = csv.state;
  const running = status === "running";

  function close() {
    if (running) return;
    csv.reset();
    setFile(null);
    setExisting("skip");
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Import contacts from CSV"
      description="New numbers become contacts; you choose what happens to existing ones. Every row is reported."
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
            <Button disabled={!file} onClick={() => file && csv.start(file, existing)}>
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
                a custom field. A <code>user_id</code> column finds contacts known by their WhatsApp user id.
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
            <ExistingChoice value={existing} onChange={setExisting} />
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
          <ImportReport
            rows={csv.state.rows}
            counts={csv.state.counts}
            shown={csv.state.shown}
            noted={csv.state.noted}
            onDownload={csv.download}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
