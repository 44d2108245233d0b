import Papa from "papaparse";
import { needsQuotes, neutraliseCell } from "@/lib/csv/cells";

/** What a cell may be given: null and undefined write an empty cell, numbers their decimal text. */
export type CsvValue = string | number | bigint | boolean | null | undefined;

/** The media type every CSV the product serves or downloads is written with. */
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/**
 * The one CSV writer of the product: every export (contacts, broadcast results, usage, a Flow's
 * responses, the import report) writes its lines here, so that no cell of any of them starts a formula whatever
 * the spreadsheet splits on (lib/csv/cells.ts: a `'` before = + - @ tab CR at the start of a
 * value and after every separator or line break inside it; a value holding `,` `;` a tab, a line
 * break or a quote is quoted). `npm run lint` (scripts/test/csv-writers.ts) fails when a file builds a
 * CSV any other way. Lines end in CRLF (RFC 4180), the last one too, so that streamed chunks
 * concatenate into one file. Pure and browser-safe.
 */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  if (rows.length === 0) return "";
  const cells = rows.map((row) =>
    row.map((v) => neutraliseCell(v === null || v === undefined ? "" : String(v))),
  );
  return `${Papa.unparse(cells, { quotes: needsQuotes, escapeFormulae: false, newline: "\r\n" })}\r\n`;
}

/** Objects as CSV, the header from `columns` (the keys, in order). */
export function csvRecords<K extends string>(
  columns: readonly K[],
  records: readonly Record<K, CsvValue>[],
): string {
  return csvLines([columns, ...records.map((r) => columns.map((c) => r[c]))]);
}
