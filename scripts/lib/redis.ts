import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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
/** tries of a port found free and then taken by someone else before the server bound it */
const PORT_ATTEMPTS = 5;

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
  const logFile = join(dir, "redis.log");
  // The port is found free, then bound by the server: another start (a second checkout, a test
  // suite beside this one) may bind it in between. Ours then exits ("Address already in use")
  // while the other's answers PING on that port, so ours is up only once its own pid file names it
  // (redis-server writes it after binding); a port taken meanwhile sends it to the next free one.
  rmSync(pidFile, { force: true });
  let from = lastPort ?? PREFERRED_PORT;
  let port: number;
  let server: { child: ChildProcess; exited: boolean };
  for (let attempt = 1; ; attempt++) {
    port = await freePort(from);
    const logged = existsSync(logFile) ? statSync(logFile).size : 0;
    const args = ["--port", String(port), "--bind", HOST, "--dir", dir, "--daemonize", "no"];
    args.push("--appendonly", "yes", "--maxmemory-policy", "noeviction");
    args.push("--pidfile", pidFile, "--logfile", logFile);
    // its own process group: the terminal's Ctrl-C must not stop Redis before web and worker are down
    const run = { child: spawn(binary, args, { detached: true, stdio: "ignore" }), exited: false };
    run.child.once("exit", () => {
      run.exited = true;
    });
    const at = port;
    const ours = async () => readNumber(pidFile) === run.child.pid && (await ping(HOST, at)) === "pong";
    const up = await waitFor(async () => run.exited || (await ours()), 15_000);
    if (up && !run.exited) {
      server = run;
      break;
    }
    if (!run.exited) run.child.kill("SIGTERM");
    const said = existsSync(logFile) ? readFileSync(logFile).subarray(logged).toString("utf8").trim() : "";
    if (/Address already in use/i.test(said) && attempt < PORT_ATTEMPTS) {
      log.info(`Redis: port ${port} was taken meanwhile; trying the next one`);
      from = port + 1;
      continue;
    }
    const tail = said.split("\n").slice(-10);
    throw new StartError(`redis-server did not start on port ${port}:\n${tail.join("\n")}`);
  }
  writeFileSync(portFile, `${port}\n`);
  log.info(`Redis: started ${binary} on ${HOST}:${port}, data in .data/redis`);
  return {
    url: `redis://${HOST}:${port}`,
    stop: async () => {
      if (server.exited || server.child.pid === undefined) return;
      const pid = server.child.pid;
      process.kill(pid, "SIGTERM"); // Redis flushes its append-only file and exits
      await waitFor(async () => server.exited || !isAlive(pid), 15_000);
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
