import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { findOnPath } from "./install.ts";
import { log, StartError } from "./log.ts";

/**
 * Chromium's headless shell from Debian (package `chromium-headless-shell`): the browser Playwright
 * itself runs headless tests in. The full browser's headless mode is the whole browser without a
 * window (a GPU process, the browser's own UI renderer); measured on two specs, the shell took
 * less CPU for the same tests (docs/development.md).
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const HEADLESS_SHELL_PACKAGE = "chromium-headless-shell";
/** Debian's full browser: used when it is there and the shell is not. */
export const CHROMIUM = "/usr/bin/chromium";

/** Where the e2e suite finds its browser: E2E_CHROMIUM_PATH, else the headless shell, else chromium. */
export function chromiumPath(
  env: Partial<NodeJS.ProcessEnv> = process.env,
  executable = isExecutable,
): string {
  if (env.E2E_CHROMIUM_PATH) return env.E2E_CHROMIUM_PATH;
  if (!executable(HEADLESS_SHELL) && executable(CHROMIUM)) return CHROMIUM;
  return HEADLESS_SHELL;
}

export type BrowserPlan = { action: "use" } | { action: "install" } | { action: "stop"; message: string };

/**
 * What `npm test` does about the browser, decided before any test runs: use it; install Debian's
 * `chromium-headless-shell` (root on Debian, default path only: a path the user named is theirs to provide);
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
    ? `${options.isRoot ? "" : "sudo "}apt-get update && ${options.isRoot ? "" : "sudo "}apt-get install -y ${HEADLESS_SHELL_PACKAGE}`
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
    log.info(
      `Chromium is missing; installing it: apt-get update && apt-get install -y ${HEADLESS_SHELL_PACKAGE}`,
    );
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update"], { stdio: "inherit", env: aptEnv });
    execFileSync("apt-get", ["install", "-y", HEADLESS_SHELL_PACKAGE], { stdio: "inherit", env: aptEnv });
    if (!isExecutable(path)) throw new StartError(`chromium was installed but ${path} is still missing.`);
  }
  return path;
}
