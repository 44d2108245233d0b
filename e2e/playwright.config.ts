import { defineConfig } from "@playwright/test";
import { BASE_URL } from "./env";

/**
 * Real Chromium from Debian (`apt-get install -y chromium`; never `playwright install`) against
 * the production build, the worker and the sandbox, started by global-setup.ts. Screenshots of
 * every page go to e2e/artifacts/ (git-ignored), with traces and videos of failures.
 */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "artifacts/results",
  globalSetup: "./global-setup.ts",
  // one stack, each spec with an organization of its own: two spec files at a time (E2E_WORKERS)
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // a walk of several pages and dialogs took over 60 s in CI at a load of 16–19 (webhooks.spec's
  // create → test → edit → rotate): the limit is for a hung test, not a slow machine
  timeout: 150_000,
  expect: { timeout: 10_000 },
  // an action (click, fill) that waits longer than this is stuck, not slow: it fails at its own
  // line instead of spending the test's whole limit and reporting only "Test timeout"
  reporter: [["list"], ["html", { outputFolder: "artifacts/report", open: "never" }]],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    launchOptions: {
      // npm test checks (or installs) it first: scripts/lib/browser.ts
      executablePath: process.env.E2E_CHROMIUM_PATH || "/usr/bin/chromium",
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
    trace: "retain-on-failure",
    viewport: { width: 1440, height: 900 },
  },
});
