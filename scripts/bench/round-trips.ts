/**
 * What a benchmark phase asked of PostgreSQL and Redis, counted by the servers themselves:
 * PostgreSQL's committed and rolled-back transactions of the benchmark's database (a statement
 * outside a transaction is one; pg_stat_database) and Redis's commands, scripts among them, as
 * INFO commandstats counts them (a script's own calls included). Redis's counts are the server's
 * (every database): other work on the same server is counted too, so read them on a quiet machine.
 */
import { spawnSync } from "node:child_process";
import pg from "pg";

export type Counts = { transactions: number; redisCommands: number; redisScripts: number };

/** PostgreSQL sends a backend's counts to pg_stat_database within 10 s of going idle */
const STATS_FLUSH_MS = 11_000;

export async function countRoundTrips(databaseUrl: string, redisUrl: string): Promise<Counts> {
  await new Promise((r) => setTimeout(r, STATS_FLUSH_MS));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()",
    );
    const info = spawnSync("redis-cli", ["-u", redisUrl, "INFO", "commandstats"], { encoding: "utf8" });
    let redisCommands = 0;
    let redisScripts = 0;
    for (const line of (info.stdout ?? "").split("\n")) {
      const m = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
      if (!m) continue;
      const calls = Number(m[2]);
      // the counting itself (INFO) is left out
      if (m[1] === "info") continue;
      redisCommands += calls;
      if (m[1] === "evalsha" || m[1] === "eval" || m[1] === "fcall") redisScripts += calls;
    }
    // the query above is one transaction of its own
    return { transactions: Number(rows[0]?.n ?? 0) - 1, redisCommands, redisScripts };
  } finally {
    await client.end();
  }
}

export function countsBetween(before: Counts, after: Counts, n: number): Counts {
  const per = (a: number, b: number) => (n > 0 ? (b - a) / n : 0);
  return {
    transactions: per(before.transactions, after.transactions),
    redisCommands: per(before.redisCommands, after.redisCommands),
    redisScripts: per(before.redisScripts, after.redisScripts),
  };
}
