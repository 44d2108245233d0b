import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Papa from "papaparse";
import { afterEach, describe, expect, it } from "vitest";
import { csvBypassesIn } from "@/lib/csv/test-support";
import { csvLines, csvRecords } from "@/lib/csv/write-csv";

const DANGER = /^[=+\-@\t\r]/;

describe("csvLines", () => {
  it("quotes separators of both locales and neutralises every cell start, numbers and nulls written", () => {
    const text = csvLines([
      ["name", "n", "none"],
      ["x;=1+1;", -3, null],
      ["a,@b\n+c", 12n, undefined],
    ]);
    expect(text).toBe("name,n,none\r\n\"x;'=1+1;\",'-3,\r\n\"a,'@b\n'+c\",12,\r\n");
    for (const delimiter of [",", ";"]) {
      for (const cell of Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true }).data.flat()) {
        for (const line of cell.split(/\r\n|\r|\n/)) expect(line).not.toMatch(DANGER);
      }
    }
    expect(csvLines([])).toBe("");
    expect(csvRecords(["a", "b"], [{ a: "=x", b: 1 }])).toBe("a,b\r\n'=x,1\r\n");
  });
});

const repo = join(dirname(fileURLToPath(import.meta.url)), "../..");
const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "csv-writers-"));
  temps.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("every CSV goes through the writer (npm run lint: scripts/test/csv-writers.ts)", () => {
  it("holds for this checkout", () => {
    expect(csvBypassesIn(repo)).toEqual([]);
  });

  it("catches an export that joins its own lines, one that calls Papa.unparse, and passes one through csvLines", () => {
    const root = tree({
      "lib/csv/write-csv.ts": "export function csvLines() {}",
      "lib/a/export-a.ts":
        'export const a = (rows: string[][]) => rows.map((r) => r.join(",")).join("\\r\\n");',
      "app/api/a/route.ts":
        'import { a } from "@/lib/a/export-a";\nexport const GET = () => new Response(a([]), { headers: { "Content-Type": "text/csv" } });',
      "lib/b/export-b.ts": 'import Papa from "papaparse";\nexport const b = () => Papa.unparse([["x"]]);',
      "lib/c/export-c.ts":
        'import { csvLines } from "@/lib/csv/write-csv";\nexport const c = () => csvLines([["x"]]);',
      "app/api/c/route.ts":
        'import { c } from "@/lib/c/export-c";\nexport const GET = () => new Response(c(), { headers: { "Content-Type": "text/csv" } });',
      "components/upload.tsx": 'export const U = () => <input accept=".csv,text/csv" />;',
    });
    expect(csvBypassesIn(root).map((b) => b.file)).toEqual([
      "app/api/a/route.ts",
      "lib/a/export-a.ts",
      "lib/b/export-b.ts",
    ]);
  });
});
