import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dataDir } from "./data-dir.ts";
import { findOnPath, installRedisServer } from "./install.ts";
import { log, StartError } from "./log.ts";
import { freePort, isAlive, waitFor } from "./ports.ts";
import { ping } from "./redis-ping.ts";
import type { Service } from "./service.ts";

const HOST = "127.0.0.1";
const LOCAL_PORT = 6379;
const PREFERRED_PORT = 6380;

/**
 * REDIS_URL when set; otherwise the Redis on the default local port when it answers PING;
 * otherwise a redis-server of our own (installed from Debian's packages when we are root on
 * Debian), with its data (AOF) under .data/redis and `noeviction`, as queues need.
 */
export async function resolveRedis(root: string): Promise<Service> {
  const given = process.env.REDIS_URL;
  if (given) {
    log.info("Redis: REDIS_URL");
    return { url: given, stop: async () => {} };
  }
  const probePort = Number(process.env.START_REDIS_PROBE_PORT ?? LOCAL_PORT);
  if (await usable(probePort)) {
    log.info(`Redis: local server on ${HOST}:${probePort}`);
    return { url: `redis://${HOST}:${probePort}`, stop: async () => {} };
  }

  const dir = join(dataDir(root), "redis");
  const pidFile = join(dir, "redis.pid");
  const portFile = join(dir, "port");
  const leftOver = readNumber(pidFile);
  const lastPort = readNumber(portFile);
  if (leftOver && lastPort && isAlive(leftOver) && (await ping(HOST, lastPort)) === "pong") {
    log.info(`Redis: our server left running (pid ${leftOver}) on ${HOST}:${lastPort}`);
    return { url: `redis://${HOST}:${lastPort}`, stop: () => stopPid(leftOver) };
  }

  let binary = findOnPath("redis-server");
  if (!binary) {
    installRedisServer();
    // Debian's package may start its own service on the default port: use it if so
    if (await usable(LOCAL_PORT)) {
      log.info(`Redis: installed server on ${HOST}:${LOCAL_PORT}`);
      return { url: `redis://${HOST}:${LOCAL_PORT}`, stop: async () => {} };
    }
    binary = findOnPath("redis-server");
    if (!binary) throw new StartError("redis-server is still not on PATH after installing it.");
  }

  mkdirSync(dir, { recursive: true });
  const port = await freePort(lastPort ?? PREFERRED_PORT);
  const logFile = join(dir, "redis.log");
  const args = ["--port", String(port), "--bind", HOST, "--dir", dir, "--daemonize", "no"];
  args.push("--appendonly", "yes", "--maxmemory-policy", "noeviction");
  args.push("--pidfile", pidFile, "--logfile", logFile);
  // its own process group: the terminal's Ctrl-C must not stop Redis before web and worker are down
  const child = spawn(binary, args, { detached: true, stdio: "ignore" });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const up = await waitFor(async () => exited || (await ping(HOST, port)) === "pong", 15_000);
  if (!up || exited) {
    const tail = existsSync(logFile) ? readFileSync(logFile, "utf8").trim().split("\n").slice(-10) : [];
    throw new StartError(`redis-server did not start on port ${port}:\n${tail.join("\n")}`);
  }
  writeFileSync(portFile, `${port}\n`);
  log.info(`Redis: started ${binary} on ${HOST}:${port}, data in .data/redis`);
  return {
    url: `redis://${HOST}:${port}`,
    stop: async () => {
      if (exited || child.pid === undefined) return;
      const pid = child.pid;
      process.kill(pid, "SIGTERM"); // Redis flushes its append-only file and exits
      await waitFor(async () => exited || !isAlive(pid), 15_000);
    },
  };
}

async function usable(port: number): Promise<boolean> {
  const answer = await ping(HOST, port);
  if (answer === "other") {
    throw new StartError(
      `Something answers on ${HOST}:${port} but not PING (a Redis with a password?).\n` +
        "  Set REDIS_URL (for example redis://:password@127.0.0.1:6379) in the environment or .env.local.",
    );
  }
  return answer === "pong";
}

function readNumber(file: string): number | null {
  if (!existsSync(file)) return null;
  const value = Number(readFileSync(file, "utf8").trim());
  return Number.isInteger(value) && value > 0 ? value : null;
}

async function stopPid(pid: number): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, "SIGTERM");
  await waitFor(async () => !isAlive(pid), 15_000);
}
