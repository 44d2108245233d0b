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

type Failure = { runner: "vitest" | "playwright"; file: string; title: string; message: string };

/** Terminal colours, which vitest leaves in its failure messages. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

// the stack vitest keeps for a test or hook that ran out of time begins with this placeholder, not
// with its "Test timed out in … ms" message
const TIMED_OUT_STACK = /^Error: STACK_TRACE_ERROR\b/;

const firstLine = (v: unknown): string =>
  String(v ?? "")
    .replace(COLOURS, "")
    .replace(TIMED_OUT_STACK, "timed out (the test's or hook's own limit)")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0)
    ?.slice(0, 200) ?? "";

/** Vitest's JSON report: every assertion result whose status is "failed" (or a file that failed to run). */
function vitestFailures(report: unknown): Failure[] {
  const out: Failure[] = [];
  for (const r of arr(obj(report).testResults)) {
    const o = obj(r);
    const file = relative(process.cwd(), String(o.name ?? "?"));
    const failed = arr(o.assertionResults).filter((a) => obj(a).status === "failed");
    for (const a of failed) {
      const t = obj(a);
      out.push({
        runner: "vitest",
        file,
        title: String(t.fullName ?? t.title ?? "?"),
        message: firstLine(arr(t.failureMessages)[0]),
      });
    }
    if (failed.length === 0 && o.status === "failed") {
      out.push({ runner: "vitest", file, title: "(the file)", message: firstLine(o.message) });
    }
  }
  return out;
}

/** Vitest's JSON report: every test that passed after a failed try (its errors are kept). */
function vitestRetried(report: unknown): Failure[] {
  const out: Failure[] = [];
  for (const r of arr(obj(report).testResults)) {
    const o = obj(r);
    const file = relative(process.cwd(), String(o.name ?? "?"));
    for (const a of arr(o.assertionResults)) {
      const t = obj(a);
      const messages = arr(t.failureMessages);
      if (t.status !== "passed" || messages.length === 0) continue;
      out.push({
        runner: "vitest",
        file,
        title: String(t.fullName ?? t.title ?? "?"),
        message: firstLine(messages[0]),
      });
    }
  }
  return out;
}

/** Playwright's JSON report: every test whose last result is neither passed nor skipped. */
function playwrightFailures(report: unknown): Failure[] {
  return [
    ...playwrightTests(report, "failed"),
    // errors outside any test: a global setup or teardown that threw, a worker that died
    ...arr(obj(report).errors).map(
      (e): Failure => ({
        runner: "playwright",
        file: "e2e",
        title: "(the run)",
        message: firstLine(obj(e).message),
      }),
    ),
  ];
}

/**
 * Playwright's JSON report, test by test: "failed", those whose last result is neither passed nor
 * skipped; "retried", those that passed after a failed try, with that try's error.
 */
function playwrightTests(report: unknown, which: "failed" | "retried"): Failure[] {
  const out: Failure[] = [];
  const walk = (suite: unknown, file: string, titles: string[]) => {
    const s = obj(suite);
    const here = typeof s.file === "string" ? s.file : file;
    const path = s.title && s.title !== here ? [...titles, String(s.title)] : titles;
    for (const spec of arr(s.specs)) {
      for (const test of arr(obj(spec).tests)) {
        const results = arr(obj(test).results);
        const last = obj(results[results.length - 1]);
        const failed = Boolean(last.status && last.status !== "passed" && last.status !== "skipped");
        const retried = last.status === "passed" && results.length > 1;
        if (which === "failed" ? !failed : !retried) continue;
        const shown = which === "failed" ? last : obj(results[0]);
        const error = obj(arr(shown.errors)[0] ?? shown.error);
        out.push({
          runner: "playwright",
          file: join("e2e", here),
          title: [...path, String(obj(spec).title ?? "?")].join(" › "),
          message: `${String(shown.status)}: ${firstLine(error.message)}`,
        });
      }
    }
    for (const child of arr(s.suites)) walk(child, here, path);
  };
  for (const suite of arr(obj(report).suites)) walk(suite, "?", []);
  return out;
}

/** The failed tests of the last run, from both runners' reports. */
export function failedTests(dir = RESULTS_DIR): Failure[] {
  return [
    ...vitestFailures(readJson(join(dir, "vitest.json"))),
    ...playwrightFailures(readJson(join(dir, "playwright.json"))),
  ];
}

/** The tests of the last run that passed only on their second try (CI retries once). */
export function retriedTests(dir = RESULTS_DIR): Failure[] {
  return [
    ...vitestRetried(readJson(join(dir, "vitest.json"))),
    ...playwrightTests(readJson(join(dir, "playwright.json")), "retried"),
  ];
}

/**
 * Printed last, so that a CI log that keeps only its tail still names what failed and why (the
 * full reports are far above, or in .data/test-results).
 */
export function printFailures(out: NodeJS.WritableStream, dir = RESULTS_DIR): void {
  const lists = [
    { heading: "passed only on a second try", mark: "↻", tests: retriedTests(dir) },
    { heading: "failed tests", mark: "✘", tests: failedTests(dir) },
  ];
  for (const { heading, mark, tests } of lists) {
    if (tests.length === 0) continue;
    out.write(`\n▶ ${heading} (${tests.length})\n`);
    for (const f of tests.slice(0, 40)) {
      out.write(`  ${mark} ${f.runner.padEnd(10)} ${f.file} › ${f.title}\n      ${f.message}\n`);
    }
    if (tests.length > 40) out.write(`  … and ${tests.length - 40} more\n`);
  }
}

/**
 * One line per failed test, for the very end of .ci/run's output (after its timings), where a log
 * kept only by its last lines still shows every name.
 */
export function printFailureNames(out: NodeJS.WritableStream, dir = RESULTS_DIR): void {
  const lists = [
    { heading: "passed only on a second try", mark: "↻", tests: retriedTests(dir) },
    { heading: "failed tests", mark: "✘", tests: failedTests(dir) },
  ];
  for (const { heading, mark, tests } of lists) {
    if (tests.length === 0) continue;
    out.write(`${heading} (${tests.length}):\n`);
    for (const f of tests.slice(0, 20)) {
      out.write(`${mark} ${`${f.file} › ${f.title}`.slice(0, 160)} :: ${f.message.slice(0, 100)}\n`);
    }
    if (tests.length > 20) out.write(`… and ${tests.length - 20} more\n`);
  }
}

export function printSlowest(out: NodeJS.WritableStream, dir = RESULTS_DIR): void {
  const files = slowestFiles(dir);
  if (files.length === 0) return;
  out.write("\n▶ slowest test files\n");
  for (const f of files) {
    out.write(`${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.runner.padEnd(10)} ${f.file}\n`);
  }
}
