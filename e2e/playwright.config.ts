import { defineConfig } from "@playwright/test";
import { chromiumPath } from "../scripts/lib/browser";
import { BASE_URL } from "./env";

/**
 * Real Chromium from Debian (its headless shell, `apt-get install -y chromium-headless-shell`, or
 * `chromium`; never `playwright install`) against
 * the production build, the worker and the sandbox, started by global-setup.ts. Screenshots of
 * every page go to e2e/artifacts/ (git-ignored), with a failed test's screenshot, and the trace of its second try.
 */
/** Playwright's trace modes (E2E_TRACE), spelled once: declared before the config reads them. */
const TRACE_MODES = ["off", "on", "retain-on-failure", "on-first-retry", "retain-on-first-failure"] as const;
type TraceMode = (typeof TRACE_MODES)[number];

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "artifacts/results",
  globalSetup: "./global-setup.ts",
  // one stack, each spec with an organization of its own: two spec files at a time (E2E_WORKERS)
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // in CI, one more try for a test that failed; the run's summary names each that passed only on
  // its second try (scripts/test/slowest.ts), so a flaky test is shown, never passed in silence
  retries: process.env.CI ? 1 : 0,
  // a walk of several pages and dialogs took over 60 s in CI at a load of 16–19 (webhooks.spec's
  // create → test → edit → rotate): the limit is for a hung test, not a slow machine
  timeout: 150_000,
  // an assertion waits for what the page will show: 10 s ran out in CI at a load over 12 (a list
  // re-fetched after a redelivery, a search's rows), where the same page was right a moment later
  expect: { timeout: 30_000 },
  // an action (click, fill) that waits longer than this is stuck, not slow: it fails at its own
  // line instead of spending the test's whole limit and reporting only "Test timeout"
  reporter: [["list"], ["html", { outputFolder: "artifacts/report", open: "never" }]],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    launchOptions: {
      // Debian's headless shell, else its chromium (E2E_CHROMIUM_PATH names another); npm test
      // checks (or installs) it first: scripts/lib/browser.ts
      executablePath: process.env.E2E_CHROMIUM_PATH || chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    screenshot: "only-on-failure",
    // a trace is recorded for a test's second try only (CI gives a failed test one): recording one
    // for every test, to keep it on a failure, was 17 % of the CPU of the specs it was measured on
    // (docs/development.md); E2E_TRACE=retain-on-failure records every test's again, to keep a
    // first failure's. It keeps each action's DOM snapshot (what the trace viewer shows), not a
    // screencast: recording the screencast made Chromium paint and encode frames for every page of
    // every test, passing ones included, and was most of the suite's CPU (measured: docs/development.md)
    trace: {
      mode: traceMode(process.env.E2E_TRACE),
      screenshots: false,
      snapshots: true,
      sources: true,
    },
    viewport: { width: 1440, height: 900 },
  },
});

/** E2E_TRACE, one of Playwright's trace modes; on-first-retry unless set. */
function traceMode(value: string | undefined): TraceMode {
  if (value === undefined || value === "") return "on-first-retry";
  if (!(TRACE_MODES as readonly string[]).includes(value))
    throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(", ")}`);
  return value as TraceMode;
}
