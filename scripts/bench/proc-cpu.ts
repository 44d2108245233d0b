import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time per process group, read from /proc (Linux): utime + stime of every thread of each
 * process, in milliseconds. A group is a function giving its pids now, so that processes that
 * come and go during a run (a PostgreSQL backend) are counted while they live.
 */
export type CpuGroups = Record<string, () => number[]>;
export type CpuSample = Record<string, number>;

const TICK_MS = 10; // CLK_TCK is 100 on Linux x86_64 and arm64

function stat(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the command name is in parentheses and may hold spaces: fields start after the last ')'
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** utime + stime of a live process, in ms; 0 when it is gone. */
export function cpuMs(pid: number): number {
  const fields = stat(pid);
  // after the name: state(0) ppid(1) … utime(11) stime(12)
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : 0;
}

function allPids(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    return "";
  }
}

/** A process and all its descendants (a tsx or npm wrapper and the node process under it). */
export function withDescendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of allPids()) {
    const ppid = Number(stat(pid)?.[1] ?? 0);
    const list = children.get(ppid) ?? [];
    list.push(pid);
    children.set(ppid, list);
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return out;
}

/**
 * PostgreSQL's processes that work for this benchmark: the backends connected to `database`
 * and the server's own (WAL writer, checkpointer, background writer…), which every commit
 * uses. Backends of other databases (a test suite running beside) are left out.
 */
export function postgresPids(database: string): number[] {
  return allPids().filter((pid) => {
    const line = cmdline(pid);
    if (!line.startsWith("postgres")) return false;
    if (!line.startsWith("postgres:")) return true; // the postmaster
    // a backend reads "postgres: <user> <database> <address> <state>"
    const backend =
      /^postgres: \S+ (\S+) \S+\(\d+\)/.exec(line) ?? /^postgres: \S+ (\S+) \[local\]/.exec(line);
    return backend ? backend[1] === database : true;
  });
}

/** The redis-server listening on `port` (others on the machine, a test suite's, are left out). */
export function redisPids(port: number): number[] {
  return allPids().filter((pid) => {
    const line = cmdline(pid);
    return line.startsWith("redis-server") && line.split(" ")[1]?.endsWith(`:${port}`) === true;
  });
}

/** Cumulative CPU ms per group; the difference of two samples is what the run between cost. */
export function sampleCpu(groups: CpuGroups): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  for (const [name, pids] of Object.entries(groups)) {
    out.set(name, new Map(pids().map((pid) => [pid, cpuMs(pid)])));
  }
  return out;
}

export function cpuBetween(
  before: Map<string, Map<number, number>>,
  after: Map<string, Map<number, number>>,
): CpuSample {
  const out: CpuSample = {};
  for (const [name, pids] of after) {
    let total = 0;
    for (const [pid, ms] of pids) total += ms - (before.get(name)?.get(pid) ?? 0);
    out[name] = Math.max(0, total);
  }
  return out;
}
