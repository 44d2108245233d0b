import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Where `npm test` keeps the machine-readable results of its last run (git-ignored). */
export const RESULTS_DIR = join(".data", "test-results");

type FileTime = { file: string; ms: number; runner: "vitest" | "playwright" };

function readJson(path: string): unknown {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** Vitest's JSON report: one entry per file, with its start and end. */
function vitestTimes(report: unknown): FileTime[] {
  return arr(obj(report).testResults).map((r) => {
    const o = obj(r);
    return {
      file: relative(process.cwd(), String(o.name ?? "?")),
      ms: num(o.endTime) - num(o.startTime),
      runner: "vitest" as const,
    };
  });
}

/** Playwright's JSON report: every result's duration, summed per spec file (suites nest). */
function playwrightTimes(report: unknown): FileTime[] {
  const byFile = new Map<string, number>();
  const walk = (suite: unknown, file: string) => {
    const s = obj(suite);
    const here = typeof s.file === "string" ? s.file : file;
    for (const spec of arr(s.specs)) {
      for (const test of arr(obj(spec).tests)) {
        for (const result of arr(obj(test).results)) {
          byFile.set(here, (byFile.get(here) ?? 0) + num(obj(result).duration));
        }
      }
    }
    for (const child of arr(s.suites)) walk(child, here);
  };
  for (const suite of arr(obj(report).suites)) walk(suite, "?");
  return [...byFile].map(([file, ms]) => ({ file: join("e2e", file), ms, runner: "playwright" as const }));
}

/** The slowest test files of the last run, from both runners' reports. */
export function slowestFiles(dir = RESULTS_DIR, count = 15): FileTime[] {
  const all = [
    ...vitestTimes(readJson(join(dir, "vitest.json"))),
    ...playwrightTimes(readJson(join(dir, "playwright.json"))),
  ];
  return all.sort((a, b) => b.ms - a.ms).slice(0, count);
}

export function printSlowest(out: NodeJS.WritableStream, dir = RESULTS_DIR): void {
  const files = slowestFiles(dir);
  if (files.length === 0) return;
  out.write("\n▶ slowest test files\n");
  for (const f of files) {
    out.write(`${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.runner.padEnd(10)} ${f.file}\n`);
  }
}
