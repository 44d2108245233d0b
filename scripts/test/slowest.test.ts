import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  failedTests,
  printFailureNames,
  printFailures,
  printSlowest,
  retriedTests,
  slowestFiles,
} from "@/scripts/test/slowest";

describe("npm test's slowest files", () => {
  it("reads both runners' JSON reports, sums Playwright's results per spec file, slowest first", () => {
    const dir = mkdtempSync(join(tmpdir(), "slowest-"));
    try {
      writeFileSync(
        join(dir, "vitest.json"),
        JSON.stringify({
          testResults: [
            { name: join(process.cwd(), "app/a.test.ts"), startTime: 1_000, endTime: 31_000 },
            { name: join(process.cwd(), "lib/b.test.ts"), startTime: 0, endTime: 500 },
          ],
        }),
      );
      const result = (ms: number) => ({ tests: [{ results: [{ duration: ms }] }] });
      writeFileSync(
        join(dir, "playwright.json"),
        JSON.stringify({
          suites: [
            {
              file: "x.spec.ts",
              specs: [result(20_000)],
              suites: [{ title: "at 390", specs: [result(25_000)] }],
            },
          ],
        }),
      );
      expect(slowestFiles(dir)).toEqual([
        { file: "e2e/x.spec.ts", ms: 45_000, runner: "playwright" },
        { file: "app/a.test.ts", ms: 30_000, runner: "vitest" },
        { file: "lib/b.test.ts", ms: 500, runner: "vitest" },
      ]);
      const out = new PassThrough();
      printSlowest(out, dir);
      expect(String(out.read())).toContain("   45.0 s  playwright e2e/x.spec.ts");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("prints nothing when no report exists", () => {
    const out = new PassThrough();
    printSlowest(out, join(tmpdir(), "none-here"));
    expect(out.read()).toBeNull();
  });

  it("names every failed test of both runners, with the first line of its error, last in the output", () => {
    const dir = mkdtempSync(join(tmpdir(), "failed-"));
    try {
      writeFileSync(
        join(dir, "vitest.json"),
        JSON.stringify({
          testResults: [
            {
              name: join(process.cwd(), "app/a.test.ts"),
              status: "failed",
              assertionResults: [
                { fullName: "a passes", status: "passed", failureMessages: [] },
                {
                  fullName: "a refuses",
                  status: "failed",
                  failureMessages: [
                    "\u001b[31mAssertionError: expected 500 to be 400\u001b[39m\n    at x.ts:1",
                  ],
                },
              ],
            },
            {
              name: join(process.cwd(), "app/b.test.ts"),
              status: "failed",
              message: "Hook timed out",
              assertionResults: [],
            },
          ],
        }),
      );
      writeFileSync(
        join(dir, "playwright.json"),
        JSON.stringify({
          suites: [
            {
              file: "x.spec.ts",
              title: "x.spec.ts",
              specs: [{ title: "ok", tests: [{ results: [{ status: "passed" }] }] }],
              suites: [
                {
                  title: "at 390",
                  specs: [
                    {
                      title: "opens",
                      tests: [
                        {
                          results: [
                            { status: "failed" },
                            {
                              status: "timedOut",
                              errors: [{ message: "Test timeout of 30000ms exceeded." }],
                            },
                          ],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
          errors: [{ message: "Error: global teardown threw\n    at teardown.ts:3" }],
        }),
      );
      expect(failedTests(dir)).toEqual([
        {
          runner: "vitest",
          file: "app/a.test.ts",
          title: "a refuses",
          message: "AssertionError: expected 500 to be 400",
        },
        { runner: "vitest", file: "app/b.test.ts", title: "(the file)", message: "Hook timed out" },
        {
          runner: "playwright",
          file: "e2e/x.spec.ts",
          title: "at 390 › opens",
          message: "timedOut: Test timeout of 30000ms exceeded.",
        },
        { runner: "playwright", file: "e2e", title: "(the run)", message: "Error: global teardown threw" },
      ]);
      const out = new PassThrough();
      printFailures(out, dir);
      const text = String(out.read());
      expect(text).toContain("failed tests (4)");
      expect(text).toContain("e2e/x.spec.ts › at 390 › opens");
      const names = new PassThrough();
      printFailureNames(names, dir);
      expect(String(names.read()).split("\n")).toEqual([
        "failed tests (4):",
        "✘ app/a.test.ts › a refuses :: AssertionError: expected 500 to be 400",
        "✘ app/b.test.ts › (the file) :: Hook timed out",
        "✘ e2e/x.spec.ts › at 390 › opens :: timedOut: Test timeout of 30000ms exceeded.",
        "✘ e2e › (the run) :: Error: global teardown threw",
        "",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("names each test that passed only on its second try, with the first try's error, above the failures", () => {
    const dir = mkdtempSync(join(tmpdir(), "retried-"));
    try {
      writeFileSync(
        join(dir, "vitest.json"),
        JSON.stringify({
          testResults: [
            {
              name: join(process.cwd(), "app/c.test.ts"),
              status: "passed",
              assertionResults: [
                { fullName: "c steady", status: "passed", failureMessages: [] },
                {
                  fullName: "c wobbles",
                  status: "passed",
                  failureMessages: ["TimeoutError: The operation was aborted due to timeout\n    at y.ts:2"],
                },
                {
                  fullName: "c runs late",
                  status: "passed",
                  failureMessages: ["Error: STACK_TRACE_ERROR\n    at z.ts:3"],
                },
              ],
            },
          ],
        }),
      );
      writeFileSync(
        join(dir, "playwright.json"),
        JSON.stringify({
          suites: [
            {
              file: "y.spec.ts",
              title: "y.spec.ts",
              specs: [
                { title: "once", tests: [{ results: [{ status: "passed" }] }] },
                {
                  title: "twice",
                  tests: [
                    {
                      results: [
                        {
                          status: "failed",
                          errors: [{ message: "expect(locator).toHaveText(expected) failed" }],
                        },
                        { status: "passed" },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        }),
      );
      expect(failedTests(dir)).toEqual([]);
      expect(retriedTests(dir)).toEqual([
        {
          runner: "vitest",
          file: "app/c.test.ts",
          title: "c wobbles",
          message: "TimeoutError: The operation was aborted due to timeout",
        },
        {
          runner: "vitest",
          file: "app/c.test.ts",
          title: "c runs late",
          message: "timed out (the test's or hook's own limit)",
        },
        {
          runner: "playwright",
          file: "e2e/y.spec.ts",
          title: "twice",
          message: "failed: expect(locator).toHaveText(expected) failed",
        },
      ]);
      const names = new PassThrough();
      printFailureNames(names, dir);
      expect(String(names.read()).split("\n")).toEqual([
        "passed only on a second try (3):",
        "↻ app/c.test.ts › c wobbles :: TimeoutError: The operation was aborted due to timeout",
        "↻ app/c.test.ts › c runs late :: timed out (the test's or hook's own limit)",
        "↻ e2e/y.spec.ts › twice :: failed: expect(locator).toHaveText(expected) failed",
        "",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
