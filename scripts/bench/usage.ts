/**
 * `npm run bench:usage`: the Usage page and GET /v1/whatsapp/usage on an organization with
 * BENCH_MESSAGES priced messages (default 10,000,000) over 180 days, plus 10% in another
 * organization, seeded in SQL. Prints the median and p95 (BENCH_REPEAT runs, default 20) of a
 * 90-day range through the same lib functions, from the usage_daily rollup, and (BENCH_BASELINE
 * runs, default 3) the same figures counted from the messages table, for the ratio. Also the
 * per-message cost of the trigger that keeps the rollup (priced status updates, one at a time).
 * BENCH_REUSE=1 measures again on the database a previous run seeded (seeding 10M takes ~15 min).
 */
import { performance } from "node:perf_hooks";
import { runBench } from "@/scripts/bench/run-bench";
import { recreateDatabase } from "@/scripts/lib/database";

const COUNT = Number(process.env.BENCH_MESSAGES ?? 10_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const BASELINE = Number(process.env.BENCH_BASELINE ?? 3);
const CHUNK = 1_000_000;

function stats(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: Math.round(at(0.5) * 10) / 10, p95: Math.round(at(0.95) * 10) / 10 };
}

async function timed<T>(runs: number, run: () => Promise<T>): Promise<{ p50: number; p95: number; last: T }> {
  const samples: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    last = await run();
    samples.push(performance.now() - t);
  }
  return { ...stats(samples), last: last as T };
}

const DAY = (d: Date) => d.toISOString().slice(0, 10);

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/usage_bench";
  const reuse = process.env.BENCH_REUSE === "1";
  if (!reuse) await recreateDatabase(url, "bench");
  process.env.DATABASE_URL = url;
  process.env.REDIS_URL ??= "redis://127.0.0.1:6379/12";
  const { applyMigrations } = await import("@/scripts/migrate");
  if (!reuse) await applyMigrations(url);
  const { db } = await import("@/lib/db");
  if (reuse) {
    const org = await db().organization.findFirstOrThrow({ where: { name: "Usage bench" } });
    await measure(org.id);
    await measureTrigger(org.id);
    await db().$disconnect();
    return;
  }

  const org = await db().organization.create({ data: { name: "Usage bench" } });
  const noise = await db().organization.create({ data: { name: "Another organization" } });
  const seeded = performance.now();
  for (const [orgId, n] of [
    [org.id, COUNT],
    [noise.id, Math.floor(COUNT / 10)],
  ] as const) {
    const channels = await Promise.all(
      [1, 2].map((i) =>
        db().channel.create({
          data: {
            organizationId: orgId,
            name: `Line ${i}`,
            phoneNumberId: `${orgId.slice(0, 8)}${i}`,
            wabaId: "1",
            accessTokenEnc: "x",
          },
        }),
      ),
    );
    await db().$executeRawUnsafe(`
      INSERT INTO contacts (id, organization_id, phone, custom_fields, created_at, updated_at)
      SELECT gen_random_uuid(), '${orgId}'::uuid, '+4915' || (100000000 + g)::text, '{}'::jsonb, now(), now()
      FROM generate_series(1, 1000) g`);
    const contact = await db().contact.findFirstOrThrow({ where: { organizationId: orgId } });
    for (let start = 0; start < n; start += CHUNK) {
      const size = Math.min(CHUNK, n - start);
      // bulk load without the row trigger (session_replication_role): the rollup is built below by
      // the migration's own backfill statement, as a deployment with existing messages gets it
      await db().$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe("SET LOCAL session_replication_role = replica");
          await tx.$executeRawUnsafe(`
          INSERT INTO messages (id, organization_id, channel_id, contact_id, direction, type, content, status,
                                pricing_category, pricing_billable, pricing_type, pricing_country, created_at, updated_at)
          SELECT gen_random_uuid(), '${orgId}'::uuid,
                 (ARRAY['${channels[0]?.id}', '${channels[1]?.id}']::uuid[])[1 + g % 2], '${contact.id}'::uuid,
                 'outbound', 'template', '{}'::jsonb, 'delivered',
                 (ARRAY['marketing','utility','authentication','service','marketing_lite'])[1 + g % 5],
                 g % 7 <> 0, CASE WHEN g % 7 <> 0 THEN 'regular' ELSE 'free_entry_point' END,
                 (ARRAY['DE','BR','IN','US','NG','ID','MX','GB'])[1 + g % 8],
                 now() - ((g * 180.0 / ${n}) || ' days')::interval, now()
          FROM generate_series(${start + 1}, ${start + size}) g`);
        },
        { timeout: 1_800_000, maxWait: 60_000 },
      );
      process.stdout.write(".");
    }
  }
  const loaded = performance.now();
  // the counters as the trigger leaves them (8 slots a day), then the hourly compaction
  await db().$executeRawUnsafe(`
    INSERT INTO usage_daily (organization_id, day, channel_id, category, billable, pricing_type, country, slot, count)
    SELECT organization_id, created_at::date, coalesce(channel_id, '00000000-0000-0000-0000-000000000000'::uuid),
           pricing_category, coalesce(pricing_billable, false), coalesce(pricing_type, ''), coalesce(pricing_country, ''),
           (hashtext(id::text) & 7)::smallint, count(*)
    FROM messages WHERE pricing_category IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`);
  const built = performance.now();
  const { compactUsage } = await import("@/lib/usage/compact-usage");
  const { folded } = await compactUsage();
  console.log(`
compaction folded ${folded.toLocaleString("en")} slot counters in ${((performance.now() - built) / 1000).toFixed(1)} s`);
  await db().$executeRawUnsafe("ANALYZE");
  const rollupRows = await db().usageDaily.count({ where: { organizationId: org.id } });
  console.log(
    `\nseeded ${COUNT.toLocaleString("en")} messages (+${Math.floor(COUNT / 10).toLocaleString("en")} in another organization) in ${((loaded - seeded) / 1000).toFixed(0)} s; rollup built in ${((performance.now() - loaded) / 1000).toFixed(0)} s: ${rollupRows.toLocaleString("en")} counters for the organization`,
  );
  await db().usageRate.createMany({
    data: [
      { organizationId: org.id, category: "marketing", country: "DE", priceMicros: 136_500n },
      { organizationId: org.id, category: "marketing", country: "*", priceMicros: 62_500n },
      { organizationId: org.id, category: "utility", country: "*", priceMicros: 8_000n },
    ],
  });
  await measure(org.id);
  await measureTrigger(org.id);
  await db().$disconnect();
}

/** The 90-day reads, the Usage page and the same figures counted from messages. */
async function measure(orgId: string): Promise<void> {
  const { db } = await import("@/lib/db");
  const { getUsage } = await import("@/lib/usage/get-usage");
  const { getUsageOverview } = await import("@/lib/usage/usage-overview");
  const to = DAY(new Date());
  const from = DAY(new Date(Date.now() - 89 * 86_400_000));
  console.log(
    `\nbench:usage — ${COUNT.toLocaleString("en")} messages, 90-day range ${from}..${to}, ${REPEAT} runs (ms)`,
  );
  console.log("query".padEnd(52), "p50".padStart(8), "p95".padStart(8), "messages".padStart(12));
  const line = (label: string, s: { p50: number; p95: number }, messages: number) =>
    console.log(
      label.padEnd(52),
      String(s.p50).padStart(8),
      String(s.p95).padStart(8),
      messages.toLocaleString("en").padStart(12),
    );
  // warm-up: the first reads plan the statements and load the counters from disk
  for (let i = 0; i < 3; i++) await getUsageOverview(orgId, { from, to });
  for (const group_by of ["day", "category", "channel"] as const) {
    const s = await timed(REPEAT, () => getUsage(orgId, { from, to, group_by }));
    line(`GET /v1/whatsapp/usage group_by=${group_by}`, s, s.last.totals.messages);
  }
  const page = await timed(REPEAT, () => getUsageOverview(orgId, { from, to }));
  line("Usage page (day + category + channel)", page, page.last.by_day.totals.messages);

  const baseline = await timed(BASELINE, () =>
    db().$queryRawUnsafe<{ n: bigint }[]>(`
      SELECT created_at::date AS day, pricing_category, pricing_billable, count(*) AS n FROM messages
      WHERE organization_id = '${orgId}'::uuid AND pricing_category IS NOT NULL
        AND created_at >= '${from}'::date AND created_at < '${to}'::date + 1
      GROUP BY 1, 2, 3`),
  );
  line(`the same counted from messages (${BASELINE} runs)`, baseline, 0);
  console.log(`ratio (p50): ${(baseline.p50 / Math.max(0.1, page.p50)).toFixed(0)}× for the whole page`);
}

/** What the rollup costs a status: the first pricing of a message, with and without the trigger. */
async function measureTrigger(orgId: string): Promise<void> {
  const { db } = await import("@/lib/db");
  // what the rollup costs a status: the first pricing of unpriced messages, one statement each
  // (as processStatus writes it), with the trigger and, on the other half, without it
  const contact = await db().contact.findFirstOrThrow({ where: { organizationId: orgId } });
  const sample = await db().$queryRawUnsafe<{ id: string }[]>(`
    INSERT INTO messages (id, organization_id, contact_id, direction, type, content, status, created_at, updated_at)
    SELECT gen_random_uuid(), '${orgId}'::uuid, '${contact.id}'::uuid, 'outbound', 'template', '{}'::jsonb, 'sent', now(), now()
    FROM generate_series(1, 4000) RETURNING id::text`);
  const price = (ids: { id: string }[]) =>
    timed(1, async () => {
      for (const { id } of ids) {
        await db().$executeRawUnsafe(
          `UPDATE messages SET pricing_category = 'marketing', pricing_billable = true, pricing_type = 'regular', pricing_country = 'DE' WHERE id = '${id}'::uuid`,
        );
      }
    });
  const withTrigger = await price(sample.slice(0, 2000));
  await db().$executeRawUnsafe("ALTER TABLE messages DISABLE TRIGGER messages_usage");
  const without = await price(sample.slice(2000));
  await db().$executeRawUnsafe("ALTER TABLE messages ENABLE TRIGGER messages_usage");
  console.log(
    `first pricing of a message, one statement each: ${((withTrigger.p50 / 2000) * 1000).toFixed(0)} µs with the rollup trigger, ${((without.p50 / 2000) * 1000).toFixed(0)} µs without`,
  );
}

runBench(main);
