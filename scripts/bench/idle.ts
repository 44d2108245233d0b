/**
 * `npm run bench:idle`: what the stack asks of PostgreSQL with no traffic at all, per process.
 *
 * Starts the benchmark stack (BENCH_WEB_PROCESSES web and BENCH_WORKER_PROCESSES worker
 * processes), creates an organization with a channel and a webhook (as bench:lifecycle does),
 * waits BENCH_WARM_SECONDS (default 15), then counts the database's committed and rolled-back
 * transactions (pg_stat_database) over BENCH_SECONDS (default 60) of nothing happening, and
 * prints them a second, and a second per process. With BENCH_LOG_STATEMENTS=1 PostgreSQL logs
 * every statement of the benchmark's database (ALTER DATABASE … SET log_min_duration_statement = 0,
 * that database only) and the script prints the most frequent ones of the window from
 * BENCH_PG_LOG (default /var/log/postgresql/postgresql-15-main.log).
 * A count rather than CPU: robust to whatever else the machine runs.
 */
import { readFileSync, statSync } from "node:fs";
import pg from "pg";
import { startBenchStack, WEB_PROCESSES, WORKER_PROCESSES } from "@/scripts/bench/bench-stack";
import { cpuBetween, sampleCpu } from "@/scripts/bench/proc-cpu";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 15);
const LOG = process.env.BENCH_PG_LOG ?? "/var/log/postgresql/postgresql-15-main.log";
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3660);
const SANDBOX_PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 4670);
/** PostgreSQL sends a backend's counts to pg_stat_database within 10 s of going idle; it is never idle here */
const STATS_FLUSH_MS = 11_000;

async function transactions(client: pg.Client): Promise<number> {
  // a fresh snapshot each time (pg_stat_* are cached for a transaction)
  await client.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ n: string }>(
    "SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()",
  );
  return Number(rows[0]?.n ?? 0);
}

function logSize(): number {
  try {
    return statSync(LOG).size;
  } catch {
    return -1;
  }
}

/** the statements of `database` logged from byte `from` on, most frequent first */
function topStatements(database: string, from: number): [string, number][] {
  const text = readFileSync(LOG, "utf8").slice(from);
  const counts = new Map<string, number>();
  const marker = `@${database} LOG:  duration: `;
  for (const line of text.split("\n")) {
    const at = line.indexOf(marker);
    if (at < 0) continue;
    const rest = line.slice(at + marker.length).replace(/^[\d.]+ ms\s+/, "");
    const statement = rest
      .replace(/^(statement|execute [^:]*|bind [^:]*|parse [^:]*):\s*/, "")
      .replace(/\$\d+/g, "$n")
      .replace(/'[^']*'/g, "'…'")
      .replace(/\s+/g, " ")
      .slice(0, 160);
    counts.set(statement, (counts.get(statement) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
}

async function main(): Promise<void> {
  const stack = await startBenchStack({ webPort: WEB_PORT, sandboxPort: SANDBOX_PORT });
  const databaseUrl = stack.env.DATABASE_URL as string;
  const database = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { createOrganization } = await import("@/lib/organizations/create-organization");
    const { createChannel } = await import("@/lib/channels/create-channel");
    const { createWebhook } = await import("@/lib/webhooks/create-webhook");
    const { db } = await import("@/lib/db");
    const { closeQueues } = await import("@/lib/queues");
    const org = await createOrganization({ name: "Bench idle" });
    await createChannel({
      organizationId: org.id,
      name: "bench",
      phoneNumberId: "900000000001",
      wabaId: "900000000002",
      accessToken: "bench-token",
      graphUrl: `${stack.sandboxUrl}/v23.0`,
      throughputPerSecond: 1000,
    });
    await createWebhook(org.id, {
      url: "http://127.0.0.1:9/hook",
      events: ["message.sent", "message.inbound"],
      secret: "whsec_bench_idle_0123456789abcdef0123",
    } as Parameters<typeof createWebhook>[1]);
    await db().$disconnect();
    await closeQueues();
    await new Promise((r) => setTimeout(r, Math.max(WARM_SECONDS * 1000, STATS_FLUSH_MS)));
    const from = logSize();
    const before = await transactions(client);
    const cpuBefore = sampleCpu(stack.cpu);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const spent = cpuBetween(cpuBefore, sampleCpu(stack.cpu));
    const after = await transactions(client);
    // the two counting queries and the snapshot clears are ours
    const perSecond = (after - before - 2) / SECONDS;
    const processes = WEB_PROCESSES + WORKER_PROCESSES;
    console.log(
      `\nbench:idle — ${WEB_PROCESSES} web and ${WORKER_PROCESSES} worker process(es), ${SECONDS} s with no traffic:` +
        ` ${perSecond.toFixed(1)} PostgreSQL transactions a second, ${(perSecond / processes).toFixed(1)} a second per process`,
    );
    const perProcess = Object.entries(spent)
      .map(([name, ms]) => `${name} ${(ms / SECONDS).toFixed(1)}`)
      .join(", ");
    console.log(`  CPU ms a second, idle: ${perProcess}`);
    if (process.env.BENCH_LOG_STATEMENTS === "1") {
      await client.query(`ALTER DATABASE "${database}" RESET log_min_duration_statement`);
      if (from >= 0) {
        console.log(`  statements logged for ${database} in the window (a second):`);
        for (const [statement, n] of topStatements(database, from))
          console.log(`  ${(n / SECONDS).toFixed(2).padStart(8)}  ${statement}`);
      }
    }
  } finally {
    await client.end();
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
