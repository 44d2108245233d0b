import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isListening } from "@/scripts/lib/ports";
import { waitFor } from "@/scripts/test/processes";
import { freePort } from "@/scripts/test/send-helpers";

/**
 * The first hour on a fresh machine (issue 19, item 8): a clean copy of this checkout (no
 * .env.local, no .data/), `npm start` with no PostgreSQL or Redis where it first looks (its probes
 * moved to port 1, as docs/development.md says), so it starts an embedded PostgreSQL and a
 * redis-server of its own; then every command the README names runs with nothing set by hand.
 * node_modules is linked (npm install's work) and the production build copied (npm test built it
 * just now), so the copy starts as a clone would after `npm install && npm run build`.
 *
 * Why it is slow (91 s in CI): it copies the checkout and its build, generates the Prisma client,
 * then waits for a whole `npm start` from nothing: initdb of an embedded PostgreSQL, its
 * migrations, a redis-server, web, worker and sandbox booting, and the demo data; then each README
 * command is a process of its own. That is the first hour it checks, so it stays one file.
 */
const root = process.cwd();
let dir: string;
let start: ChildProcess | undefined;
let output = "";
let port: number;

/** The environment of a new terminal: no database, no Redis, none of the tests' settings. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const keep = ["PATH", "HOME", "LANG", "TMPDIR", "TERM"];
  const env: Record<string, string> = {};
  for (const key of keep) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return {
    ...env,
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
    ...extra,
  } as unknown as NodeJS.ProcessEnv;
}

function copyCheckout(to: string): void {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: root })
    .toString()
    .split("\0")
    .filter((f) => f !== "" && existsSync(join(root, f)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(root, file), join(to, file), { preserveTimestamps: true });
  }
  symlinkSync(join(root, "node_modules"), join(to, "node_modules"), "dir");
  cpSync(join(root, ".next"), join(to, ".next"), {
    recursive: true,
    preserveTimestamps: true,
    filter: (src) => !src.startsWith(join(root, ".next", "cache")),
  });
}

/** `npm run --silent cli -- …` in the copy, as a person types it. */
function cli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync("npm", ["run", "--silent", "cli", "--", ...args], {
    cwd: dir,
    env: cleanEnv(),
    encoding: "utf8",
    timeout: 180_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "first-hour-"));
  chmodSync(dir, 0o755);
  copyCheckout(dir);
  // npm install's postinstall: the Prisma client of the copy
  const generated = spawnSync("node_modules/.bin/tsx", ["scripts/prisma-generate.ts"], {
    cwd: dir,
    env: cleanEnv(),
  });
  expect(generated.status, String(generated.stderr)).toBe(0);
  port = await freePort();
  start = spawn("npm", ["start"], {
    cwd: dir,
    env: cleanEnv({
      PORT: String(port),
      SANDBOX_PORT: String(await freePort()),
      START_PG_PROBE_PORT: "1",
      START_REDIS_PROBE_PORT: "1",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  start.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  start.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  // the banner's last lines (the web's own "ready on" comes before it)
  const banner = /Org id {5}[0-9a-f-]{36}|ready on \S+; demo credentials are in/;
  await waitFor(async () => banner.test(output), "npm start", 360_000).catch(() => {
    throw new Error(`npm start did not get ready:\n${output.slice(-3_000)}`);
  });
}, 400_000);

afterAll(async () => {
  if (start && start.exitCode === null) {
    start.kill("SIGTERM");
    await waitFor(async () => start?.exitCode !== null, "npm start to stop", 60_000).catch(() =>
      start?.kill("SIGKILL"),
    );
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 90_000);

describe("the first hour, from a clean copy with no PostgreSQL or Redis where npm start looks first", () => {
  it("npm start writes what it resolved; the CLI, migrations and the API reach it with nothing set by hand", async () => {
    expect(output).toMatch(/PostgreSQL: .*embedded|embedded PostgreSQL|PostgreSQL: started/i);
    const runtime = readFileSync(join(dir, ".data", "runtime.env"), "utf8");
    const databaseUrl = /^DATABASE_URL=(.+)$/m.exec(runtime)?.[1] ?? "";
    const redisUrl = /^REDIS_URL=(.+)$/m.exec(runtime)?.[1] ?? "";
    expect(new URL(databaseUrl).port).not.toBe("5432");
    expect(new URL(redisUrl).port).not.toBe("6379");
    // the pid of `node scripts/start.ts` (npm's child), alive
    const pid = Number(/^START_PID=(\d+)$/m.exec(runtime)?.[1]);
    expect(() => process.kill(pid, 0)).not.toThrow();

    const demo = JSON.parse(readFileSync(join(dir, ".data", "demo-credentials.json"), "utf8"));
    expect(output).toContain(`Org id     ${demo.organizationId}`);

    // the README's command, exactly
    const user = cli([
      "user",
      "create",
      "--org",
      demo.organizationId,
      "--email",
      "ana@example.com",
      "--password",
      "first-hour-password",
      "--role",
      "agent",
    ]);
    expect(user.stderr).toBe("");
    expect(user.code).toBe(0);
    expect(JSON.parse(user.stdout)).toMatchObject({ id: expect.any(String) });

    const key = cli([
      "key",
      "create",
      "--org",
      demo.organizationId,
      "--name",
      "first hour",
      "--scopes",
      "contacts:read",
    ]);
    expect(key.code, key.stderr).toBe(0);
    const { key: secret } = JSON.parse(key.stdout);
    const res = await fetch(`http://127.0.0.1:${port}/v1/contacts`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(res.status).toBe(200);

    const migrate = spawnSync("npm", ["run", "--silent", "db:migrate"], {
      cwd: dir,
      env: cleanEnv(),
      encoding: "utf8",
    });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain("no pending migrations");
  }, 600_000);

  it("stopping npm start stops its services and removes .data/runtime.env", async () => {
    const runtime = readFileSync(join(dir, ".data", "runtime.env"), "utf8");
    const pgPort = Number(new URL(/^DATABASE_URL=(.+)$/m.exec(runtime)?.[1] ?? "").port);
    start?.kill("SIGTERM");
    await waitFor(async () => start?.exitCode !== null, "npm start to stop", 60_000);
    expect(existsSync(join(dir, ".data", "runtime.env"))).toBe(false);
    expect(await isListening("127.0.0.1", pgPort)).toBe(false);
  }, 120_000);
});
