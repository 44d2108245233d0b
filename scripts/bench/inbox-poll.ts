/**
 * `npm run bench:inbox`: what one open inbox tab costs the server, the short poll against the
 * full refetches it replaces (issue 29 item 7). On an organization with BENCH_CONVERSATIONS open
 * conversations (default 5,000) of BENCH_MESSAGES messages each (default 40), seeded in SQL beside
 * another organization as large, it calls the lib functions behind each route BENCH_REPEAT times
 * (default 200) and prints, per call: wall time (p50, p95) and CPU (this Node process, and the
 * PostgreSQL processes of the bench database, from /proc). The route wrapper (session, JSON) comes
 * on top of each: measure it with a trivial route of the same build (platform-notes.md: ~1,300
 * req/s on two cores, under 1 ms of CPU per request).
 *
 * Requests per minute per open tab: before, the list every 10 s and the thread every 5 s (18 full
 * fetches); now the pulse every 2 s while the tab is visible (30 cheap ones), the list and thread
 * every 30 s (4), and one list or thread fetch per change the pulse reports.
 */
import { performance } from "node:perf_hooks";
import { cpuBetween, postgresPids, sampleCpu } from "@/scripts/bench/proc-cpu";
import { runBench } from "@/scripts/bench/run-bench";
import { recreateDatabase } from "@/scripts/lib/database";
import { scratchServices } from "@/scripts/lib/runtime-env";

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 5_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 200);
const DATABASE = "inbox_bench";

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const scratch = scratchServices(process.cwd(), DATABASE, 13);
  const url = process.env.BENCH_DATABASE_URL ?? scratch.databaseUrl;
  await recreateDatabase(url, "bench");
  process.env.DATABASE_URL = url;
  process.env.REDIS_URL = process.env.BENCH_REDIS_URL ?? scratch.redisUrl;
  const { applyMigrations } = await import("@/scripts/migrate");
  await applyMigrations(url);
  const { db } = await import("@/lib/db");
  const { listConversations } = await import("@/lib/conversations/list-conversations");
  const { getConversationThread } = await import("@/lib/conversations/get-conversation-thread");
  const { inboxPulse } = await import("@/lib/conversations/repository/inbox");
  const { conversationsQuery } = await import("@/lib/conversations/conversation-schemas");

  const seeded = performance.now();
  const orgs: { org: string; user: string }[] = [];
  for (const name of ["Inbox bench", "Another organization"]) {
    const org = await db().organization.create({ data: { name } });
    const user = await db().user.create({
      data: { organizationId: org.id, email: `${org.id}@bench.example`, passwordHash: "x", role: "agent" },
    });
    orgs.push({ org: org.id, user: user.id });
    await db().$executeRawUnsafe(`
      INSERT INTO contacts (id, organization_id, phone, name, custom_fields, created_at, updated_at)
      SELECT gen_random_uuid(), '${org.id}'::uuid, '+1' || (2000000000 + g)::text, 'Customer ' || g, '{}'::jsonb, now(), now()
      FROM generate_series(1, ${CONVERSATIONS}) g`);
    await db().$executeRawUnsafe(`
      INSERT INTO conversations (id, organization_id, contact_id, status, opened_at, last_activity_at, created_at, updated_at)
      SELECT gen_random_uuid(), organization_id, id, 'open', now() - interval '2 days',
             now() - (random() * interval '2 days'), now(), now() - (random() * interval '2 days')
      FROM contacts WHERE organization_id = '${org.id}'::uuid`);
    await db().$executeRawUnsafe(`
      INSERT INTO messages (id, organization_id, contact_id, conversation_id, direction, type, content, status, created_at, updated_at)
      SELECT gen_random_uuid(), c.organization_id, c.contact_id, c.id,
             (CASE WHEN g % 2 = 0 THEN 'inbound' ELSE 'outbound' END)::"MessageDirection", 'text',
             jsonb_build_object('text', 'message ' || g), 'delivered',
             c.last_activity_at - (g || ' minutes')::interval, c.last_activity_at - (g || ' minutes')::interval
      FROM conversations c CROSS JOIN generate_series(1, ${MESSAGES}) g
      WHERE c.organization_id = '${org.id}'::uuid`);
  }
  await db().$executeRawUnsafe("ANALYZE");
  const [mine] = orgs;
  if (!mine) throw new Error("no organization");
  const busiest = await db().conversation.findFirstOrThrow({
    where: { organizationId: mine.org },
    orderBy: { lastActivityAt: "desc" },
  });
  console.log(
    `seeded 2 × ${CONVERSATIONS} conversations × ${MESSAGES} messages in ${((performance.now() - seeded) / 1000).toFixed(0)} s`,
  );

  const query = conversationsQuery.parse({});
  const shapes: [string, () => Promise<unknown>][] = [
    ["pulse (list token)", () => inboxPulse(mine.org)],
    ["pulse (list + open thread)", () => inboxPulse(mine.org, busiest.id)],
    ["list, first page (30 rows)", () => listConversations(mine.org, mine.user, query)],
    ["thread (40 messages)", () => getConversationThread(mine.org, busiest.id, mine.user)],
  ];
  const groups = { postgres: () => postgresPids(DATABASE) };
  console.log(`\nbench:inbox — ${REPEAT} calls each; per call`);
  console.log(
    "call".padEnd(30),
    "p50 ms".padStart(8),
    "p95 ms".padStart(8),
    "node CPU ms".padStart(12),
    "pg CPU ms".padStart(10),
  );
  const perCall: Record<string, number> = {};
  for (const [label, call] of shapes) {
    for (let i = 0; i < 10; i++) await call(); // warm
    const samples: number[] = [];
    const node = process.cpuUsage();
    const before = sampleCpu(groups);
    for (let i = 0; i < REPEAT; i++) {
      const t = performance.now();
      await call();
      samples.push(performance.now() - t);
    }
    const used = process.cpuUsage(node);
    const pg = cpuBetween(before, sampleCpu(groups)).postgres ?? 0;
    const nodeMs = (used.user + used.system) / 1000 / REPEAT;
    perCall[label] = nodeMs + pg / REPEAT;
    console.log(
      label.padEnd(30),
      quantile(samples, 0.5).toFixed(2).padStart(8),
      quantile(samples, 0.95).toFixed(2).padStart(8),
      nodeMs.toFixed(2).padStart(12),
      (pg / REPEAT).toFixed(2).padStart(10),
    );
  }
  const cost = (label: string) => perCall[label] ?? 0;
  const before = 6 * cost("list, first page (30 rows)") + 12 * cost("thread (40 messages)");
  const quiet =
    30 * cost("pulse (list + open thread)") +
    2 * cost("list, first page (30 rows)") +
    2 * cost("thread (40 messages)");
  console.log(
    `\nper open tab with a thread, per minute (lib + database CPU, before the route wrapper):` +
      `\n  before (list /10 s, thread /5 s): 18 requests, ${before.toFixed(0)} ms CPU` +
      `\n  now, nothing changing (pulse /2 s, list and thread /30 s): 34 requests, ${quiet.toFixed(0)} ms CPU` +
      `\n  now, each change adds one list or thread fetch: ≤ ${cost("list, first page (30 rows)").toFixed(1)} ms`,
  );
}

runBench(main);
