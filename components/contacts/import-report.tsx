"use client";

import { formatNumber } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { ImportIssue } from "@/lib/contacts/import-format";
import { CSV_CONTENT_TYPE, csvRecords } from "@/lib/csv/write-csv";

const SHOWN = 200;

function downloadReport(issues: ImportIssue[]) {
  // the phone and the message quote the uploaded file: written as every export is (lib/csv/write-csv.ts)
  const csv = csvRecords(
    ["row", "phone", "problem", "message"],
    issues.map((i) => ({ row: i.row, phone: i.phone, problem: i.kind, message: i.message })),
  );
  const url = URL.createObjectURL(new Blob([csv], { type: CSV_CONTENT_TYPE }));
  const link = Object.assign(document.createElement("a"), { href: url, download: "import-report.csv" });
  link.click();
  URL.revokeObjectURL(url);
}

/** Counts and the per-row problems of an import: invalid rows and duplicates, none of them fatal. */
export function ImportReport({
  created,
  rows,
  issues,
}: {
  created: number;
  rows: number;
  issues: ImportIssue[];
}) {
  const duplicates = issues.filter((i) => i.kind === "duplicate").length;
  const invalid = issues.length - duplicates;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          { label: "Rows read", n: rows },
          { label: "Created", n: created },
          { label: "Duplicates", n: duplicates },
          { label: "Invalid", n: invalid },
        ].map(({ label, n }) => (
          <div key={label} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatNumber(n)}</dd>
          </div>
        ))}
      </dl>
      {issues.length > 0 ? (
        <>
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">Rows not imported</h3>
            <Button variant="secondary" size="sm" onClick={() => downloadReport(issues)}>
              Download report (CSV)
            </Button>
          </div>
          <Table caption="Rows not imported" className="max-h-64 overflow-y-auto">
            <THead>
              <tr>
                <Th>Row</Th>
                <Th>Phone</Th>
                <Th>Problem</Th>
              </tr>
            </THead>
            <TBody>
              {issues.slice(0, SHOWN).map((i) => (
                <Tr key={`${i.row}-${i.kind}`}>
                  <Td>{i.row}</Td>
                  <Td className="font-mono text-xs">{i.phone || "—"}</Td>
                  <Td>
                    <Badge tone={i.kind === "duplicate" ? "warning" : "danger"}>
                      {i.kind === "duplicate" ? "Duplicate" : "Invalid"}
                    </Badge>{" "}
                    <span className="text-slate-700">{i.message}</span>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          {issues.length > SHOWN ? (
            <p className="text-xs text-slate-500">
              Showing the first {SHOWN}; the downloaded report has all {formatNumber(issues.length)}.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
