/**
 * `npm run bench:notify`: what a further LISTENing connection costs PostgreSQL per NOTIFY, whether
 * it listens on the notified channel or on another (issue 33 part 5: would a channel per owning
 * worker spare the other workers' backends their read of the queue?).
 *
 * In a scratch database of its own (`<BENCH_DATABASE_URL's database>_notify`, dropped at the end),
 * one connection NOTIFYs `BENCH_NOTIFIES` (default 500) times on channel `a`, one statement each,
 * while listeners wait: `a` alone; `a` and one on channel `b`; `a` and a second one on `a`. It
 * prints the database's committed transactions per NOTIFY (pg_stat_database, read once every
 * connection of the case has closed, which is when a backend idle since its last query flushes the
 * reads of the queue it made meanwhile). 1 is the NOTIFY's own statement; each listener PostgreSQL
 * signals adds up to one (fewer when one read takes several notifications). A count, not a time.
 */
import pg from "pg";
import { recreateDatabase } from "@/scripts/lib/database";

const SERVER = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/messaging_bench";
const NOTIFIES = Number(process.env.BENCH_NOTIFIES ?? 500);
/** PostgreSQL sends a backend's counts to pg_stat_database within 10 s of going idle, and at exit */
const STATS_FLUSH_MS = 1_500;

const CASES: { name: string; others: string[] }[] = [
  { name: "one listener, on the channel notified", others: [] },
  { name: "and one more, on another channel", others: ["b"] },
  { name: "and one more, on the same channel", others: ["a"] },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function committed(url: string): Promise<number> {
  await sleep(STATS_FLUSH_MS);
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function connected(url: string, channel?: string): Promise<pg.Client> {
  const client = new pg.Client(url);
  await client.connect();
  if (channel) await client.query(`LISTEN ${channel}`);
  return client;
}

async function runCase(url: string, others: string[]): Promise<{ perNotify: number; heard: number }> {
  const listener = await connected(url, "a");
  let heard = 0;
  listener.on("notification", () => heard++);
  const rest = await Promise.all(others.map((channel) => connected(url, channel)));
  const notifier = await connected(url);
  const before = await committed(url);
  for (let i = 0; i < NOTIFIES; i++) {
    await notifier.query("SELECT pg_notify('a', $1)", [String(i)]);
    // one notification a read: each listener is signaled and has read it before the next
    await sleep(2);
  }
  await sleep(200);
  for (const client of [listener, ...rest, notifier]) await client.end();
  // `before`'s own connection is one more commit (its SELECT)
  const after = await committed(url);
  return { perNotify: (after - before - 1) / NOTIFIES, heard };
}

async function main(): Promise<void> {
  const url = new URL(SERVER);
  url.pathname = `${url.pathname.slice(1) || "messaging_bench"}_notify`;
  await recreateDatabase(url.toString(), "bench");
  const admin = new URL(SERVER);
  admin.pathname = "/postgres";
  const server = await connected(admin.toString());
  const { rows } = await server.query<{ server_version: string }>("SHOW server_version");
  process.stdout.write(`PostgreSQL ${rows[0]?.server_version}, ${NOTIFIES} NOTIFYs on channel a a case\n`);
  try {
    for (const { name, others } of CASES) {
      const { perNotify, heard } = await runCase(url.toString(), others);
      process.stdout.write(
        `${name.padEnd(40)} ${perNotify.toFixed(2)} transactions a NOTIFY (heard on a: ${heard})\n`,
      );
    }
  } finally {
    await server.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
    await server.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
