import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENV } from "@/scripts/test/env";
import { testPort } from "@/scripts/test/ports";
import { waitFor } from "@/scripts/test/processes";

/**
 * The start command stopped by a signal sent to it (as a process manager does), not by a
 * terminal's Ctrl-C to the whole group: everything it started must end, cleanly. It runs against
 * a database and a redis-server of this file's own, so its worker touches no one else's queues.
 *
 * Why it is slow (109 s in CI): it runs the real start command again and again (migrations, web,
 * worker and sandbox booting under tsx, each stopped by a signal and awaited to its last process):
 * what a user's `npm start` does is what it tests.
 */
const webPort = testPort("startWeb");
const sandboxPort = testPort("startSandbox");
const redisPort = testPort("startRedis");
const database = `${new URL(TEST_ENV.databaseUrl).pathname.slice(1)}_start`;
const databaseUrl = Object.assign(new URL(TEST_ENV.databaseUrl), { pathname: `/${database}` }).toString();
let redis: ChildProcess;
// the start command's data (sandbox state, runtime.env, its lock) in a directory of this file's
// own, never the checkout's .data of a developer's running `npm start`
const dataDir = mkdtempSync(join(tmpdir(), "start-data-"));

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: TEST_ENV.databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  redis = spawn("redis-server", ["--port", String(redisPort), "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
});

afterAll(() => {
  redis?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every live process below `pid`, from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (fields[0] !== "Z") parents.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parents) {
      if (parent === p) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startAndStop(command: string, args: string[], signal: NodeJS.Signals) {
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(webPort),
      SANDBOX_PORT: String(sandboxPort),
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      // the test setup silences logs; the worker's "worker started" line is waited for
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const pid = child.pid ?? 0;
  try {
    await waitFor(
      async () =>
        (await fetch(`http://127.0.0.1:${webPort}/v1/openapi.json`)).ok &&
        (await fetch(`http://127.0.0.1:${sandboxPort}/_sandbox/app`)).ok &&
        output.includes("worker started") &&
        // the start command's own setup (the demo channel, its first template sync) is done: a
        // signal during it stops the sandbox under the worker's sync, which logs ECONNREFUSED. It
        // says "ready on", or on a new data directory shows the demo banner instead (once)
        /\[start\] ready on|Demo account created/.test(output),
      "the start command's web, sandbox and worker",
      90_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${output.slice(-3000)}`);
    });
    const started = descendants(pid);
    expect(started.length).toBeGreaterThanOrEqual(3);
    process.kill(pid, signal);
    // generous guards against a hang, not measurements
    const code = await Promise.race([
      exited,
      new Promise<string>((r) => setTimeout(() => r("running"), 30_000)),
    ]);
    await waitFor(async () => started.every((p) => !alive(p)), "every child to end", 30_000).catch(
      () => undefined,
    );
    return { code, output, left: started.filter(alive) };
  } finally {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // all gone
    }
  }
}

describe("stopping the start command with a signal to it", () => {
  // `node --import tsx`, as `npm start` execs it: the tsx CLI relays a signal and SIGKILLs its child
  // when the child does not acknowledge within 30 ms (a loaded machine), orphaning what it started
  it("SIGTERM to `node --import tsx scripts/start.ts` stops web, worker and sandbox, cleanly", async () => {
    const { code, output, left } = await startAndStop(
      process.execPath,
      ["--import", "tsx", "scripts/start.ts"],
      "SIGTERM",
    );
    expect(left).toEqual([]);
    expect(code).toBe(0);
    expect(output).not.toMatch(/ECONNREFUSED|\n\s+at /);
  }, 240_000);

  it("SIGTERM to `npm start` itself stops everything it started", async () => {
    const { left, output } = await startAndStop("npm", ["start"], "SIGTERM");
    expect(left).toEqual([]);
    expect(output).not.toMatch(/ECONNREFUSED|\n\s+at /);
  }, 240_000);

  it("SIGINT to `npm start` itself stops everything it started", async () => {
    const { left } = await startAndStop("npm", ["start"], "SIGINT");
    expect(left).toEqual([]);
  }, 240_000);
});

describe("one start per data directory", () => {
  it("a second start on a directory a running start holds refuses before touching anything, and says how to run both", async () => {
    const held = mkdtempSync(join(tmpdir(), "start-held-"));
    try {
      // held by a live process (this one), as by a first `npm start`
      writeFileSync(join(held, "start.pid"), `${process.pid}\n`);
      writeFileSync(join(held, "runtime.env"), "START_PID=1\n");
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
        env: {
          ...process.env,
          DATA_DIR: held,
          PORT: String(testPort("startSecondWeb")),
          SANDBOX_PORT: String(testPort("startSecondSandbox")),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout?.on("data", (c: Buffer) => {
        output += c.toString();
      });
      child.stderr?.on("data", (c: Buffer) => {
        output += c.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(output).toContain(`Another \`npm start\` (pid ${process.pid}) runs in this checkout`);
      expect(output).toContain("DATA_DIR=.data-2");
      expect(readFileSync(join(held, "start.pid"), "utf8")).toBe(`${process.pid}\n`);
      expect(readFileSync(join(held, "runtime.env"), "utf8")).toBe("START_PID=1\n");
      expect(existsSync(join(held, "sandbox"))).toBe(false);
    } finally {
      rmSync(held, { recursive: true, force: true });
    }
  }, 120_000);

  it("a lock left by a start that died is taken over, and a start that stops gives its directory back", async () => {
    // a pid no process has (pid_max is at most 2^22)
    writeFileSync(join(dataDir, "start.pid"), "4194305\n");
    const { code, left } = await startAndStop(
      process.execPath,
      ["--import", "tsx", "scripts/start.ts"],
      "SIGTERM",
    );
    expect(left).toEqual([]);
    expect(code).toBe(0);
    expect(existsSync(join(dataDir, "sandbox"))).toBe(true);
    expect(existsSync(join(dataDir, "start.pid"))).toBe(false);
    expect(existsSync(join(dataDir, "runtime.env"))).toBe(false);
  }, 240_000);
});
