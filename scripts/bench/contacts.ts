/**
 * `npm run bench:contacts`: GET /v1/contacts-style listing and search through the same lib
 * function, on an organization with BENCH_CONTACTS contacts (default 1,000,000), seeded in SQL.
 * Prints the median and p95 of each query shape over BENCH_REPEAT runs (default 20); a search
 * stopped by SEARCH_TIMEOUT_MS (400 on `search`) shows as "stopped".
 */
import { performance } from "node:perf_hooks";
import { runBench } from "@/scripts/bench/run-bench";
import { recreateDatabase } from "@/scripts/lib/database";
import { scratchServices } from "@/scripts/lib/runtime-env";

const COUNT = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);

function stats(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: Math.round(at(0.5) * 10) / 10, p95: Math.round(at(0.95) * 10) / 10 };
}

async function main(): Promise<void> {
  const scratch = scratchServices(process.cwd(), "contacts_bench", 12);
  const url = process.env.BENCH_DATABASE_URL ?? scratch.databaseUrl;
  await recreateDatabase(url, "bench");
  process.env.DATABASE_URL = url;
  process.env.REDIS_URL = process.env.BENCH_REDIS_URL ?? scratch.redisUrl;
  const { applyMigrations } = await import("@/scripts/migrate");
  await applyMigrations(url);
  const { db } = await import("@/lib/db");
  const { listContacts } = await import("@/lib/contacts/list-contacts");
  const { isApiError } = await import("@/lib/api/errors");

  const org = await db().organization.create({ data: { name: "Search bench" } });
  const noise = await db().organization.create({ data: { name: "Another organization" } });
  const seeded = performance.now();
  for (const [id, n] of [
    [org.id, COUNT],
    [noise.id, Math.floor(COUNT / 10)],
  ] as const) {
    await db().$executeRawUnsafe(`
      INSERT INTO contacts (id, organization_id, phone, name, email, custom_fields, created_at, updated_at)
      SELECT gen_random_uuid(), '${id}'::uuid, '+1' || (2000000000 + g)::text,
             (ARRAY['Ada','Grace','Alan','Edsger','Barbara','Donald','Margaret','Ken'])[1 + g % 8] || ' ' ||
             (ARRAY['Lovelace','Hopper','Turing','Dijkstra','Liskov','Knuth','Hamilton','Thompson'])[1 + (g / 8) % 8] || ' ' || g,
             'user' || g || '@example' || (g % 100) || '.com', '{}'::jsonb,
             now() - (g || ' seconds')::interval, now()
      FROM generate_series(1, ${n}) g`);
  }
  await db().$executeRawUnsafe("ANALYZE contacts");
  console.log(
    `seeded ${COUNT} contacts (+${Math.floor(COUNT / 10)} in another organization) in ${((performance.now() - seeded) / 1000).toFixed(0)} s`,
  );

  const shapes: [string, { page: number; perPage: number; search?: string }][] = [
    ["list, page 1", { page: 1, perPage: 20 }],
    ["list, page 1000", { page: 1000, perPage: 20 }],
    ["search name 'hopper 4242' (few matches)", { page: 1, perPage: 20, search: "hopper 4242" }],
    ["search e-mail 'user777777@'", { page: 1, perPage: 20, search: "user777777@" }],
    ["search phone digits '2000123456'", { page: 1, perPage: 20, search: "2000123456" }],
    ["search 'grace' (1 in 8 match)", { page: 1, perPage: 20, search: "grace" }],
    ["search 'zzzz' (no match)", { page: 1, perPage: 20, search: "zzzz" }],
    ["search 'a' (one letter)", { page: 1, perPage: 20, search: "a" }],
  ];
  console.log(`\nbench:contacts — ${COUNT} contacts, ${REPEAT} runs each (ms)`);
  console.log("query".padEnd(44), "p50".padStart(8), "p95".padStart(8), "total".padStart(10));
  for (const [label, input] of shapes) {
    const samples: number[] = [];
    let total = 0;
    let stopped = 0;
    for (let i = 0; i < REPEAT; i++) {
      const t = performance.now();
      // a search past SEARCH_TIMEOUT_MS is stopped and answered 400 on `search`: counted, timed too
      const result = await listContacts(org.id, input).catch((error: unknown) => {
        if (!isApiError(error) || error.code !== "VALIDATION_INVALID_FIELD") throw error;
        stopped++;
        return null;
      });
      samples.push(performance.now() - t);
      total = result?.total ?? total;
    }
    const s = stats(samples);
    console.log(
      label.padEnd(44),
      String(s.p50).padStart(8),
      String(s.p95).padStart(8),
      (stopped === REPEAT ? "stopped" : String(total)).padStart(10),
      stopped > 0 && stopped < REPEAT ? ` (${stopped}/${REPEAT} stopped)` : "",
    );
  }
  await db().$disconnect();
}

runBench(main);
