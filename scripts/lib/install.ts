import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { log, StartError } from "./log.ts";

export function findOnPath(program: string): string | null {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  // Debian keeps daemons' binaries in /usr/sbin, which a non-root PATH may lack
  for (const dir of [...dirs, "/usr/local/sbin", "/usr/sbin", "/sbin"]) {
    const candidate = join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Installs Debian's redis-server when we may; otherwise stops with the command to run. */
export function installRedisServer(): void {
  const isDebian = existsSync("/etc/debian_version") && findOnPath("apt-get") !== null;
  const isRoot = process.getuid?.() === 0;
  if (isDebian && isRoot) {
    log.info(
      "Redis: redis-server is missing; installing it: apt-get update && apt-get install -y redis-server",
    );
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "redis-server"], { stdio: "inherit", env });
    return;
  }
  const command = isDebian
    ? "sudo apt-get update && sudo apt-get install -y redis-server"
    : process.platform === "darwin"
      ? "brew install redis"
      : "install Redis 7 with your system's package manager (the server binary is redis-server)";
  throw new StartError(
    "Redis is not running on 127.0.0.1:6379 and redis-server is not installed.\n" +
      `  Run: ${command}\n` +
      "  then `npm start` again, or set REDIS_URL to a Redis you already have.",
  );
}
