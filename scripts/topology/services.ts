import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { findOnPath } from "@/scripts/lib/install";

/**
 * One process of the topology, restartable: the same command and environment each time, its
 * output kept for the report when something goes wrong. Every process is a group leader, killed
 * by its group, so a process it started goes with it.
 */
export class Service {
  child: ChildProcess | null = null;
  readonly output: string[] = [];
  restarts = 0;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: Record<string, string | undefined>,
    private readonly user?: { uid: number; gid: number },
  ) {}

  start(): void {
    const child = spawn(this.command, this.args, {
      env: this.env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      ...(this.user ?? {}),
    });
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 300) this.output.shift();
      if (process.env.TOPOLOGY_VERBOSE) process.stderr.write(`[${this.name}] ${chunk.toString()}`);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    this.child = child;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` to the process group and waits for the process to exit (SIGKILL after 10 s). */
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    const child = this.child;
    if (!child?.pid || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      process.kill(-child.pid, signal);
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, 10_000);
    await exited;
    clearTimeout(timer);
  }

  async restart(signal: NodeJS.Signals): Promise<void> {
    await this.stop(signal);
    this.restarts++;
    this.start();
  }

  /** Stops synchronously (the exit handler cannot wait): SIGKILL to the group. */
  killNow(): void {
    if (this.child?.pid && this.running) {
      try {
        process.kill(-this.child.pid, "SIGKILL");
      } catch {}
    }
  }
}

/** A port nothing listens on now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

export type Binaries = { nginx: string; pgbouncer: string; redis: string };

const PACKAGES: Record<keyof Binaries, { binary: string; pkg: string }> = {
  nginx: { binary: "nginx", pkg: "nginx-light" },
  pgbouncer: { binary: "pgbouncer", pkg: "pgbouncer" },
  redis: { binary: "redis-server", pkg: "redis-server" },
};

/**
 * nginx, PgBouncer and redis-server from Debian, installed when missing and we may (root on
 * Debian), as `npm start` installs Redis; otherwise stops with the command to run. Installing
 * never starts Debian's own services: a policy-rc.d that denies them is in place while apt runs
 * (and removed after, when this run put it there).
 */
export function ensureBinaries(): Binaries {
  const found = () =>
    Object.fromEntries(Object.entries(PACKAGES).map(([k, v]) => [k, findOnPath(v.binary)])) as Record<
      keyof Binaries,
      string | null
    >;
  let paths = found();
  const missing = (Object.keys(PACKAGES) as (keyof Binaries)[]).filter((k) => !paths[k]);
  if (missing.length > 0) {
    const pkgs = missing.map((k) => PACKAGES[k].pkg);
    const isDebian = existsSync("/etc/debian_version") && findOnPath("apt-get") !== null;
    if (!isDebian || process.getuid?.() !== 0) {
      throw new Error(
        `${missing.map((k) => PACKAGES[k].binary).join(", ")} missing. Run: ` +
          (isDebian
            ? `sudo apt-get update && sudo apt-get install -y ${pkgs.join(" ")}`
            : `install ${pkgs.join(", ")} with your system's package manager`),
      );
    }
    console.log(`installing ${pkgs.join(", ")} from Debian (apt-get install -y ${pkgs.join(" ")})`);
    const policy = "/usr/sbin/policy-rc.d";
    const ours = !existsSync(policy);
    if (ours) {
      writeFileSync(policy, "#!/bin/sh\n# npm run topology: no service starts while it installs\nexit 101\n");
      chmodSync(policy, 0o755);
    }
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    try {
      const install = () => spawnSync("apt-get", ["install", "-y", ...pkgs], { stdio: "inherit", env });
      if (install().status !== 0) {
        execFileSync("apt-get", ["update"], { stdio: "inherit", env });
        execFileSync("apt-get", ["install", "-y", ...pkgs], { stdio: "inherit", env });
      }
    } finally {
      if (ours) rmSync(policy, { force: true });
    }
    paths = found();
  }
  for (const [k, v] of Object.entries(paths)) if (!v) throw new Error(`${k} is still missing`);
  return paths as Binaries;
}

/**
 * The user PgBouncer runs as: it refuses to run as root, so a root run gives it `postgres` (or
 * `nobody`); another user runs it as itself.
 */
export function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name]).toString().trim());
      const gid = Number(execFileSync("id", ["-g", name]).toString().trim());
      return { uid, gid };
    } catch {
      // no such user
    }
  }
  throw new Error("running as root with neither a postgres nor a nobody user for PgBouncer");
}
