import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CHROMIUM, chromiumPath, HEADLESS_SHELL, planBrowser } from "@/scripts/lib/browser";

function runTestCommand(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn("node_modules/.bin/tsx", ["scripts/test.ts"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.on("exit", (code) => resolve({ code, out }));
  });
}

describe("npm test finds its browser before any test", () => {
  it("a missing browser stops the whole-suite run at once, with the command to run", async () => {
    const { code, out } = await runTestCommand({
      E2E_CHROMIUM_PATH: "/nonexistent/chromium",
      // had the check not stopped it, this run would fail at its first step, never run the suite
      TEST_DATABASE_URL: "postgresql://postgres@127.0.0.1:1/nothing",
      TEST_REDIS_URL: "redis://127.0.0.1:1/0",
      TEST_SKIP_BUILD: "1",
    });
    expect(code).toBe(1);
    expect(out).toContain("E2E_CHROMIUM_PATH names /nonexistent/chromium");
    expect(out).toMatch(/apt-get install -y chromium-headless-shell/);
    expect(out).not.toContain("▶");
  });

  it("decides: use what is there; install as root on Debian; otherwise stop with the exact command", () => {
    const base = { path: HEADLESS_SHELL, named: false, isDebian: true };
    expect(planBrowser({ ...base, found: true, isRoot: false })).toEqual({ action: "use" });
    expect(planBrowser({ ...base, found: false, isRoot: true })).toEqual({ action: "install" });
    const user = planBrowser({ ...base, found: false, isRoot: false });
    expect(user.action).toBe("stop");
    expect(user.action === "stop" && user.message).toContain(
      "Run: sudo apt-get update && sudo apt-get install -y chromium-headless-shell",
    );
    const mac = planBrowser({ ...base, isDebian: false, found: false, isRoot: false });
    expect(mac.action === "stop" && mac.message).toContain(
      "install Chromium with your system's package manager",
    );
    // a path the user named is never replaced by an install
    const named = planBrowser({ ...base, path: "/opt/chrome", named: true, found: false, isRoot: true });
    expect(named.action).toBe("stop");
  });

  it("takes the named browser, else the headless shell, else the full chromium, else the shell to install", () => {
    const only =
      (...paths: string[]) =>
      (path: string) =>
        paths.includes(path);
    expect(chromiumPath({ E2E_CHROMIUM_PATH: "/opt/chrome" }, only(HEADLESS_SHELL))).toBe("/opt/chrome");
    expect(chromiumPath({}, only(HEADLESS_SHELL, CHROMIUM))).toBe(HEADLESS_SHELL);
    expect(chromiumPath({}, only(CHROMIUM))).toBe(CHROMIUM);
    expect(chromiumPath({}, only())).toBe(HEADLESS_SHELL);
  });
});
