import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { findOnPath } from "./install.ts";
import { log, StartError } from "./log.ts";

/** Where the e2e suite finds Chromium: E2E_CHROMIUM_PATH, else Debian's package. */
export const DEFAULT_CHROMIUM = "/usr/bin/chromium";

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.E2E_CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

export type BrowserPlan = { action: "use" } | { action: "install" } | { action: "stop"; message: string };

/**
 * What `npm test` does about the browser, decided before any test runs: use it; install Debian's
 * `chromium` (root on Debian, default path only: a path the user named is theirs to provide);
 * or stop with the exact command to run.
 */
export function planBrowser(options: {
  path: string;
  found: boolean;
  named: boolean;
  isRoot: boolean;
  isDebian: boolean;
}): BrowserPlan {
  if (options.found) return { action: "use" };
  if (!options.named && options.isRoot && options.isDebian) return { action: "install" };
  const install = options.isDebian
    ? `${options.isRoot ? "" : "sudo "}apt-get update && ${options.isRoot ? "" : "sudo "}apt-get install -y chromium`
    : "install Chromium with your system's package manager";
  const lines = options.named
    ? [`E2E_CHROMIUM_PATH names ${options.path}, which is not an executable file.`]
    : [`The end-to-end tests need Chromium at ${options.path}, which is missing.`];
  lines.push(
    `  Run: ${install}`,
    "  or set E2E_CHROMIUM_PATH=/path/to/chromium (never `npx playwright install`: no internet),",
    "  or run the other tests only: npm test -- app lib scripts sandbox worker",
  );
  return { action: "stop", message: lines.join("\n") };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds Chromium for the e2e suite, installing it the way the start command installs Redis. */
export function ensureBrowser(env: NodeJS.ProcessEnv = process.env): string {
  const path = chromiumPath(env);
  const plan = planBrowser({
    path,
    found: isExecutable(path),
    named: Boolean(env.E2E_CHROMIUM_PATH),
    isRoot: process.getuid?.() === 0,
    isDebian: existsSync("/etc/debian_version") && findOnPath("apt-get") !== null,
  });
  if (plan.action === "stop") throw new StartError(plan.message);
  if (plan.action === "install") {
    log.info("Chromium is missing; installing it: apt-get update && apt-get install -y chromium");
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update"], { stdio: "inherit", env: aptEnv });
    execFileSync("apt-get", ["install", "-y", "chromium"], { stdio: "inherit", env: aptEnv });
    if (!isExecutable(path)) throw new StartError(`chromium was installed but ${path} is still missing.`);
  }
  return path;
}
