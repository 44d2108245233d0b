/**
 * Production runs PostgreSQL's autovacuum; a development server may not (this machine's is off,
 * /etc/postgresql/15/main/conf.d/90-ci.conf). Without it the planner keeps the statistics of the
 * tables a benchmark started with, empty ones, and plans every statement of the run on them
 * (issue 33, docs/benchmarks.md, sixth and seventh sittings). A bench calls this once its tables
 * start to grow: when autovacuum is off it works every `everyMs` on a connection of its own until
 * stopped, as autovacuum would; when autovacuum is on it does nothing. Answers the stop (which
 * waits for a statement under way). Its connection is a backend of the bench's database, so its
 * CPU is counted with PostgreSQL's:
 * - `vacuum: [tables]`: `VACUUM (ANALYZE)` of those tables each time (bench:broadcast, whose
 *   broadcast_recipients also gather dead rows that an index scan would read);
 * - otherwise `ANALYZE` of the tables past autovacuum's own threshold (50 rows changed plus 10 % of
 *   the table, autovacuum_analyze_threshold and _scale_factor), in one transaction: a whole
 *   `ANALYZE` of every table and catalog took 290–540 ms every 10 s, about 2.7 ms a message at
 *   20 a second if all of it were CPU, more than the statistics it was there for.
 */
import pg from "pg";

export async function standInForAutovacuum(options: {
  databaseUrl: string;
  vacuum?: string[];
  everyMs: number;
}): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>(
    "SELECT current_setting('autovacuum') AS autovacuum",
  );
  if (rows[0]?.autovacuum !== "off") {
    await client.end();
    return async () => undefined;
  }
  const what = options.vacuum
    ? `VACUUM (ANALYZE) ${options.vacuum.join(", ")}`
    : "ANALYZE of the tables past autovacuum's threshold";
  console.log(`autovacuum is off on this server: the bench runs ${what} every ${options.everyMs / 1000} s`);
  let running = true;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  const loop = (async () => {
    while (running) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, options.everyMs);
      });
      if (!running) break;
      await work(client, options.vacuum).catch((err: unknown) => console.log(`${what}: ${String(err)}`));
    }
  })();
  return async () => {
    running = false;
    clearTimeout(timer);
    wake?.();
    await loop;
    await client.end().catch(() => undefined);
  };
}

async function work(client: pg.Client, vacuum: string[] | undefined): Promise<void> {
  if (vacuum) {
    await client.query(`VACUUM (ANALYZE) ${vacuum.join(", ")}`);
    return;
  }
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
       + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)`,
  );
  if (rows.length === 0) return;
  // in a transaction block: one transaction, not one a table (the round trips are counted)
  await client.query(`BEGIN; ANALYZE ${rows.map((r) => r.name).join(", ")}; COMMIT`);
}
