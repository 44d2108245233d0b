"use client";

import { useState } from "react";
import { type Draft, withContacts } from "@/components/broadcasts/new/draft";
import { MAX_CSV_ROWS, readCsv } from "@/components/broadcasts/new/read-csv";
import { TagInput } from "@/components/contacts/tag-input";
import { formatNumber } from "@/components/lib/format";
import { Segmented } from "@/components/ui/segmented";
import { Select } from "@/components/ui/select";

/** Step 2: who receives it: contacts with tags, or the rows of a CSV (one a recipient); minus excluded tags. */
export function AudienceStep({
  draft,
  onChange,
}: {
  draft: Draft;
  onChange: (patch: Partial<Draft>) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const csv = draft.csv;

  async function onFile(file: File | undefined) {
    setError(null);
    if (!file) return;
    try {
      onChange({ csv: await readCsv(file), sources: {} });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  return (
    <div className="max-w-2xl space-y-4">
      <Segmented
        label="Audience"
        value={draft.audience}
        onChange={(audience) => onChange({ audience, sources: {} })}
        options={[
          { value: "tags", label: "Contacts by tags" },
          { value: "csv", label: "Upload a CSV" },
        ]}
      />
      {draft.audience === "tags" ? (
        <TagInput
          label="Send to contacts with any of these tags"
          value={draft.tags}
          onChange={(tags) => onChange({ tags })}
        />
      ) : (
        <div className="space-y-3">
          <div>
            <label htmlFor="broadcast-csv" className="block text-sm font-medium text-slate-800">
              CSV file
            </label>
            <p className="text-xs text-slate-600">
              The first line names the columns; one row a recipient, a column a variable. Unknown numbers
              become contacts. At most {formatNumber(MAX_CSV_ROWS)} rows.
            </p>
            <input
              id="broadcast-csv"
              type="file"
              accept=".csv,text/csv"
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </div>
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          {csv ? (
            <>
              <p className="text-sm text-slate-700" aria-live="polite">
                {csv.fileName}: {formatNumber(csv.rows.length)} recipients, columns {csv.columns.join(", ")}.
                {csv.dropped > 0
                  ? ` ${formatNumber(csv.dropped)} rows beyond ${formatNumber(MAX_CSV_ROWS)} are left out.`
                  : ""}
              </p>
              <Select
                label="Phone number column"
                value={csv.phoneColumn}
                onChange={(e) => onChange({ csv: withContacts({ ...csv, phoneColumn: e.target.value }) })}
                options={csv.columns.map((c) => ({ value: c, label: c }))}
              />
              <p className="text-sm text-slate-700">
                {csv.contactFields.length > 0
                  ? `Numbers that are not contacts yet become contacts with their ${csv.contactFields
                      .map((f) =>
                        f.startsWith("custom.") ? f.slice("custom.".length) : f === "email" ? "e-mail" : f,
                      )
                      .join(", ")}; existing contacts are not changed.`
                  : "Numbers that are not contacts yet become contacts (name, email, tags and custom.<key> columns are kept on them)."}
              </p>
              {Object.keys(csv.refused).length > 0 ? (
                <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  Left out of new contacts, not valid:{" "}
                  {Object.entries(csv.refused)
                    .map(
                      ([field, n]) =>
                        `${formatNumber(n)} ${field === "custom_fields" ? "custom field" : field} value${n === 1 ? "" : "s"}`,
                    )
                    .join(", ")}
                  .
                </p>
              ) : null}
            </>
          ) : null}
        </div>
      )}
      <TagInput
        label="Leave out contacts with any of these tags (optional)"
        value={draft.excludeTags}
        onChange={(excludeTags) => onChange({ excludeTags })}
      />
    </div>
  );
}
