import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** What the production build is made from; a change to any of these asks for a new build. */
const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = [
  "next.config.ts",
  "package-lock.json",
  "tsconfig.json",
  "postcss.config.mjs",
  "prisma/schema.prisma",
];
const SKIPPED = new Set(["lib/generated", "node_modules"]);

/** Why a build is needed, or null when .next/BUILD_ID is newer than every source. */
export function buildReason(root: string): string | null {
  const buildId = join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return "no build yet";
  const builtAt = statSync(buildId).mtimeMs;
  for (const file of SOURCE_FILES) {
    const path = join(root, file);
    if (existsSync(path) && statSync(path).mtimeMs > builtAt) return `${file} changed`;
  }
  for (const dir of SOURCE_DIRS) {
    const newer = findNewer(root, join(root, dir), builtAt);
    if (newer) return `${relative(root, newer)} changed`;
  }
  return null;
}

function findNewer(root: string, dir: string, since: number): string | null {
  if (!existsSync(dir) || SKIPPED.has(relative(root, dir))) return null;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const newer = findNewer(root, path, since);
      if (newer) return newer;
    } else if (!/\.(test|spec)\.tsx?$/.test(entry.name) && statSync(path).mtimeMs > since) {
      return path;
    }
  }
  return null;
}

/** Runs `next build` with the resolved environment; resolves with its exit code. */
export function runBuild(root: string, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<number> {
  const nextBin = join(root, "node_modules", "next", "dist", "bin", "next");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, "build"], { cwd: root, env, signal, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
