import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Where `npm start` keeps what it makes on this machine: the embedded PostgreSQL and Redis, the
 * sandbox's state, media copies, the demo credentials and runtime.env. `.data` in the checkout,
 * or DATA_DIR (relative to the checkout), so that a second `npm start` in the same checkout can
 * keep its own: `DATA_DIR=.data-2 PORT=3001 SANDBOX_PORT=4011 npm start`.
 */
export function dataDir(root: string): string {
  return resolve(root, process.env.DATA_DIR || ".data");
}

const LOCK_FILE = "start.pid";

/** Whether a process with this pid runs (EPERM: it runs, as another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims the data directory for this process: null when it is ours now, else the pid of the
 * running `npm start` that holds it. The file is created exclusively (two starts at the same
 * moment cannot both win); one left by a start that died is taken over.
 */
export function claimDataDir(dir: string, pid = process.pid): number | null {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      return null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number(readFileSync(path, "utf8").trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== pid && alive(holder)) return holder;
    if (holder === pid) return null;
    rmSync(path, { force: true }); // left by a start that is gone
  }
  return null;
}

/** Gives the directory back, if this process holds it. */
export function releaseDataDir(dir: string, pid = process.pid): void {
  const path = join(dir, LOCK_FILE);
  if (!existsSync(path)) return;
  if (Number(readFileSync(path, "utf8").trim()) === pid) rmSync(path, { force: true });
}
