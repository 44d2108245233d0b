"use client";

import { formatNumber } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { ImportOutcome, ImportRowResult } from "@/lib/contacts/import-format";

const OUTCOME: Record<ImportOutcome, { label: string; tone: "success" | "info" | "warning" | "danger" }> = {
  created: { label: "Created", tone: "success" },
  updated: { label: "Updated", tone: "info" },
  skipped: { label: "Skipped", tone: "warning" },
  failed: { label: "Failed", tone: "danger" },
};

/** A field as the report names it (`custom_fields.plan`) in words. */
function fieldLabel(field: string): string {
  if (field.startsWith("custom_fields.")) return field.slice("custom_fields.".length);
  return field === "email" ? "e-mail" : field;
}

function detail(r: ImportRowResult): string {
  const fields = r.fields.length > 0 ? `Changed: ${r.fields.map(fieldLabel).join(", ")}` : "";
  return [fields, r.message].filter(Boolean).join(". ");
}

/**
 * Counts of an import and its rows worth a look (updated with the fields it changed, skipped
 * and failed with why); the downloaded report has every row, the created ones too.
 */
export function ImportReport({
  rows,
  counts,
  shown,
  noted,
  onDownload,
}: {
  rows: number;
  counts: Record<ImportOutcome, number>;
  shown: ImportRowResult[];
  noted: number;
  onDownload: () => void;
}) {
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        {[
          { label: "Rows read", n: rows },
          ...(Object.keys(OUTCOME) as ImportOutcome[]).map((o) => ({
            label: OUTCOME[o].label,
            n: counts[o],
          })),
        ].map(({ label, n }) => (
          <div key={label} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatNumber(n)}</dd>
          </div>
        ))}
      </dl>
      {rows > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-900">
            {noted > 0 ? "Rows updated, skipped or failed" : "Every row was created"}
          </h3>
          <Button variant="secondary" size="sm" onClick={onDownload}>
            Download report (CSV)
          </Button>
        </div>
      ) : null}
      {shown.length > 0 ? (
        <>
          <Table caption="Rows updated, skipped or failed" className="max-h-64 overflow-y-auto" scrolls>
            <THead>
              <tr>
                <Th>Row</Th>
                <Th>Phone</Th>
                <Th>Outcome</Th>
              </tr>
            </THead>
            <TBody>
              {shown.map((r) => (
                <Tr key={`${r.row}-${r.outcome}`}>
                  <Td label="Row">{r.row}</Td>
                  <Td label="Phone" className="font-mono text-xs break-all">
                    {r.phone || "—"}
                  </Td>
                  <Td label="Outcome">
                    <Badge tone={OUTCOME[r.outcome].tone}>{OUTCOME[r.outcome].label}</Badge>{" "}
                    <span className="text-slate-700">{detail(r)}</span>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          {noted > shown.length ? (
            <p className="text-xs text-slate-500">
              Showing the first {formatNumber(shown.length)}; the downloaded report has all{" "}
              {formatNumber(noted)} (and the created rows).
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
