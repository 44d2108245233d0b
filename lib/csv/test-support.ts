/**
 * Finds the CSV the product writes outside lib/csv/write-csv.ts, the one writer whose cells are
 * formula-safe (lib/csv/cells.ts). Read by `npm run lint` (scripts/test/csv-writers.ts --check) and by
 * lib/csv/write-csv.test.ts. Three rules over lib/, app/, components/ and worker/ (tests left out):
 *
 * 1. `Papa.unparse` (or its `escapeFormulae`) is called in lib/csv/ only;
 * 2. a file that answers or downloads CSV (`text/csv`, CSV_CONTENT_TYPE) reaches the writer through
 *    its own `@/` imports (the route imports the export, the export calls csvLines), unless it only
 *    saves the bytes of an export the server wrote (RELAYS);
 * 3. no file joins cells with `,` `;` or a tab and lines with a line break by hand.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const CSV_FOLDER = "lib/csv/";
const SCANNED = ["lib", "app", "components", "worker"];

/** Files that download a CSV the server wrote (through the writer) without writing one themselves. */
const RELAYS: Record<string, string> = {
  "components/contacts/export-button.tsx": "saves the bytes of /api/dashboard/*/export as they came",
};

export type CsvBypass = { file: string; line: number; rule: string };

function sources(root: string): string[] {
  return SCANNED.filter((dir) => existsSync(join(root, dir)))
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).map((f) => `${dir}/${f}`),
    )
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\/test-support\.ts$|^lib\/generated\//.test(f))
    .sort();
}

function resolve(root: string, spec: string): string | null {
  const base = spec.slice(2);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(join(root, candidate))) return candidate;
  }
  return null;
}

const IMPORT = /(?:from|import\()\s*["'](@\/[^"']+)["']/g;
const WRITES = /\bcsv(?:Lines|Records)\s*\(/;
const SERVES_CSV = /["'`]text\/csv|\bCSV_CONTENT_TYPE\b/;
const UNPARSE = /\bunparse\s*\(|\bescapeFormulae\b/;
const CELL_JOIN = /\.join\(\s*(["'`])(?:,|;|\\t)\1\s*\)/;
const LINE_JOIN = /\.join\(\s*(["'`])(?:\\n|\\r\\n)\1\s*\)|\\r\\n/;

/** Whether `file` or a module it imports (transitively, `@/` imports only) calls the writer. */
function reachesWriter(root: string, file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(join(root, file), "utf8");
  if (file.startsWith(CSV_FOLDER) || WRITES.test(text)) return true;
  for (const [, spec] of text.matchAll(IMPORT)) {
    const target = spec ? resolve(root, spec) : null;
    if (target && reachesWriter(root, target, seen)) return true;
  }
  return false;
}

function lineOf(text: string, pattern: RegExp): number {
  const lines = text.split("\n");
  return lines.findIndex((l) => pattern.test(l)) + 1;
}

export function csvBypassesIn(root: string): CsvBypass[] {
  const found: CsvBypass[] = [];
  for (const file of sources(root)) {
    if (file.startsWith(CSV_FOLDER)) continue;
    const text = readFileSync(join(root, file), "utf8");
    if (UNPARSE.test(text)) {
      found.push({
        file,
        line: lineOf(text, UNPARSE),
        rule: "calls Papa.unparse: write CSV with csvLines (lib/csv/write-csv.ts)",
      });
    }
    // a file input's `accept=".csv,text/csv"` reads CSV; it writes none
    const serving = text.split("\n").some((l) => SERVES_CSV.test(l) && !/\baccept=/.test(l));
    if (serving && !(file in RELAYS) && !reachesWriter(root, file)) {
      found.push({
        file,
        line: lineOf(text, SERVES_CSV),
        rule: "answers CSV that lib/csv/write-csv.ts did not write (csvLines / csvRecords)",
      });
    }
    if (CELL_JOIN.test(text) && LINE_JOIN.test(text)) {
      found.push({
        file,
        line: lineOf(text, CELL_JOIN),
        rule: "joins CSV cells and lines by hand: use csvLines",
      });
    }
  }
  return found;
}
