/**
 * `npm run bench:broadcast`: one broadcast of BENCH_RECIPIENTS (default 100,000) contacts chosen
 * by tag, on a channel at 1,000 messages/s in our limiter and in the sandbox (which answers 130429
 * past it), against the production build with web, worker and sandbox running. Reports the time
 * to create it (the audience resolved and stored) and the web's memory meanwhile, the sustained
 * send rate, CPU ms per message for each process (from /proc), and checks that every recipient
 * got exactly one upstream message. BENCH_WEB_PORT / BENCH_SANDBOX_PORT move the ports;
 * BENCH_CPU_PROF=<dir> writes V8 profiles of web and worker (summarized at the end).
 * BENCH_ORGS=4 splits the recipients between four organizations (each its own channel at
 * 1,000/s) whose broadcasts start at the same time, and prints how evenly the workers served them
 * while all were sending; BENCH_BROADCAST_CONCURRENCY sets the worker's broadcast drivers;
 * BENCH_VACUUM_EVERY_MS the pace of the stand-in for autovacuum (when the server's is off).
 * Exits non-zero only when the exactly-once check fails (a recipient sent twice, or not sent and
 * stored `sent`), never on a timing.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { standInForAutovacuum } from "@/scripts/bench/autovacuum-stand-in";
import { type BenchStack, startBenchStack } from "@/scripts/bench/bench-stack";
import { checkUpstream, printRun } from "@/scripts/bench/broadcast-report";
import {
  phoneNumberIdOf,
  rssMb,
  seedOrganization,
  setUpUpstream,
  TAG,
} from "@/scripts/bench/broadcast-setup";
import { printProfiles } from "@/scripts/bench/cpu-profile-top";
import { type CpuGroups, cpuBetween, postgresPids, sampleCpu } from "@/scripts/bench/proc-cpu";
import { runBench } from "@/scripts/bench/run-bench";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
/** BENCH_ORGS=4: as many organizations, each its own channel at 1,000/s, broadcasting RECIPIENTS / BENCH_ORGS at once */
const ORGS = Math.max(1, Number(process.env.BENCH_ORGS ?? 1));
const PER_SECOND = 1_000;
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3640);
const SANDBOX_PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 4640);
const START_AFTER_MS = 20_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The CPU groups of the bench, with PostgreSQL split: this database's backends, and the server's shared processes. */
function groups(stack: BenchStack): CpuGroups {
  const database = new URL(stack.env.DATABASE_URL ?? "").pathname.slice(1);
  const port = new URL(stack.env.REDIS_URL ?? "").port || "6379";
  const backends = () => postgresPids(database).filter((pid) => isBackend(pid));
  return {
    web: stack.cpu.web ?? (() => []),
    worker: stack.cpu.worker ?? (() => []),
    "postgres (this database)": backends,
    "postgres (shared: WAL, checkpoints)": () => postgresPids(database).filter((pid) => !isBackend(pid)),
    redis: () => (stack.cpu.redis?.() ?? []).filter((pid) => cmd(pid).includes(`:${port}`)),
    sandbox: stack.cpu.sandbox ?? (() => []),
    "bench (polling)": () => [process.pid],
  };
}

function cmd(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** A client backend ("postgres: user database address state"), not one of the server's own processes. */
const isBackend = (pid: number) =>
  /^postgres: \S+ \S+ \S+/.test(cmd(pid)) &&
  !/^postgres: (walwriter|checkpointer|background writer|autovacuum|logical replication|io worker|walsummarizer)/.test(
    cmd(pid),
  );

async function createBroadcast(baseUrl: string, key: string, body: unknown) {
  const res = await fetch(`${baseUrl}/v1/whatsapp/broadcasts`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const created = (await res.json()) as { data?: { id: string; counts: { total: number } } };
  if (res.status !== 201 || !created.data)
    throw new Error(`create: ${res.status} ${JSON.stringify(created)}`);
  return created.data;
}

const benchBroadcast = (scheduledAt: Date) => ({
  name: "Bench",
  template: {
    name: "order_ready",
    language: { code: "en_US" },
    components: [{ type: "body", parameters: [{ type: "text", text: "{{contact.name|there}}" }] }],
  },
  audience: { tags: [TAG] },
  scheduled_at: scheduledAt.toISOString(),
});

async function main(): Promise<void> {
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
  process.env.SANDBOX_MAX_RECORDED_REQUESTS = String(RECIPIENTS * 2);
  const stack = await startBenchStack({
    webPort: WEB_PORT,
    sandboxPort: SANDBOX_PORT,
    ...(process.env.BENCH_BROADCAST_CONCURRENCY
      ? { workerEnv: { BROADCAST_CONCURRENCY: process.env.BENCH_BROADCAST_CONCURRENCY } }
      : {}),
  });
  const { db } = await import("@/lib/db");
  try {
    await setUpUpstream(stack, PER_SECOND, ORGS);
    const perOrg = Math.ceil(RECIPIENTS / ORGS);
    const orgs = [];
    for (let i = 0; i < ORGS; i++) orgs.push(await seedOrganization(stack, PER_SECOND, perOrg, i));
    const total = perOrg * ORGS;
    const cpu = groups(stack);
    const webPids = () => stack.cpu.web?.() ?? [];

    // warm-up: the first request of a route loads its code; a small broadcast, scheduled and cancelled
    const first = orgs[0] as (typeof orgs)[number];
    const headers = { authorization: `Bearer ${first.key}`, "content-type": "application/json" };
    const warm = await createBroadcast(stack.baseUrl, first.key, {
      name: "Warm-up",
      template: {
        name: "order_ready",
        language: { code: "en_US" },
        components: [{ type: "body", parameters: [{ type: "text", text: "x" }] }],
      },
      recipients: [{ to: "+14155550100" }],
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await fetch(`${stack.baseUrl}/v1/whatsapp/broadcasts/${warm.id}/cancel`, { method: "POST", headers });

    // creation: the audience resolved and stored (each organization's, one after the other, all
    // starting at the same time); the web's memory sampled meanwhile
    const rssBefore = rssMb(webPids());
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(webPids()));
    }, 50);
    const c0 = sampleCpu(cpu);
    const t0 = performance.now();
    const startAt = new Date(Date.now() + START_AFTER_MS);
    const created = [];
    for (const org of orgs)
      created.push(await createBroadcast(stack.baseUrl, org.key, benchBroadcast(startAt)));
    const createMs = performance.now() - t0;
    const c1 = sampleCpu(cpu);
    clearInterval(sampler);
    const ids = created.map((c) => c.id);
    const createCpu = cpuBetween(c0, c1);

    // sending: from the first message to the last, each broadcast's counts read every second
    const counts = async () => {
      const rows = await db().$queryRaw<{ id: string; sent: number; pending: number }[]>`
        SELECT broadcast_id::text AS id, coalesce(sum(sent), 0)::int AS sent, coalesce(sum(pending), 0)::int AS pending
        FROM broadcast_counters WHERE broadcast_id = ANY (${ids}::uuid[]) GROUP BY broadcast_id`;
      return ids.map((id) => rows.find((r) => r.id === id) ?? { id, sent: 0, pending: perOrg });
    };
    const sum = (xs: { sent: number; pending: number }[], k: "sent" | "pending") =>
      xs.reduce((a, x) => a + x[k], 0);
    while (sum(await counts(), "sent") === 0) await sleep(100);
    // the tables the broadcast grows, vacuumed and analyzed as autovacuum would (when it is off);
    // every 15 s by default, four times autovacuum's own pace (autovacuum_naptime, 60 s):
    // BENCH_VACUUM_EVERY_MS=60000 measures at that pace (docs/benchmarks.md, tenth sitting)
    const stopMaintenance = await standInForAutovacuum({
      databaseUrl: stack.env.DATABASE_URL as string,
      vacuum: ["messages", "conversations", "broadcast_recipients", "contacts", "events"],
      everyMs: Number(process.env.BENCH_VACUUM_EVERY_MS ?? 15_000),
    });
    const s0 = sampleCpu(cpu);
    const start = performance.now();
    const series: { t: number; sent: number; each: number[]; pending: number[] }[] = [];
    let last = await counts();
    while (sum(last, "pending") > 0 && performance.now() - start < 1_800_000) {
      await sleep(1_000);
      last = await counts();
      series.push({
        t: (performance.now() - start) / 1000,
        sent: sum(last, "sent"),
        each: last.map((c) => c.sent),
        pending: last.map((c) => c.pending),
      });
    }
    const sendSeconds = (performance.now() - start) / 1000;
    const s1 = sampleCpu(cpu);
    await stopMaintenance();
    const sendCpu = cpuBetween(s0, s1);

    const at = (fraction: number) => series.find((p) => p.sent >= fraction * total) ?? series.at(-1);
    const p10 = at(0.1);
    const p90 = at(0.9);
    const sustained = p10 && p90 && p90.t > p10.t ? (p90.sent - p10.sent) / (p90.t - p10.t) : 0;

    let failed = false;
    const upstreams = [];
    for (let i = 0; i < ORGS; i++) upstreams.push(await checkUpstream(stack.sandboxUrl, phoneNumberIdOf(i)));
    const upstream = {
      accepted: upstreams.reduce((a, u) => a + u.accepted, 0),
      refused: upstreams.reduce((a, u) => a + u.refused, 0),
      reached: upstreams.reduce((a, u) => a + u.reached, 0),
      twice: upstreams.reduce((a, u) => a + u.twice, 0),
    };
    const byStatus = await db().broadcastRecipient.groupBy({
      by: ["status"],
      where: { broadcastId: { in: ids } },
      _count: true,
    });
    const stored = await db().message.count({ where: { broadcastId: { in: ids }, status: "sent" } });
    const lost = total - upstream.reached;
    printRun(
      {
        recipients: total,
        perSecond: PER_SECOND,
        createMs,
        created: created.reduce((a, c) => a + c.counts.total, 0),
        rssBefore,
        rssPeak,
        createCpu,
        sendSeconds,
        sustained,
        sendCpu,
      },
      upstream,
      `${byStatus.map((s) => `${s.status} ${s._count}`).join(", ")}; ${stored} messages stored sent (reached upstream and not stored sent: ${Math.max(0, upstream.reached - stored)}; never reached: ${lost})`,
    );
    // exactly once: every recipient one accepted upstream message, and stored sent
    if (upstream.twice > 0 || lost !== 0 || stored !== total) {
      console.log("\nEXACTLY-ONCE CHECK FAILED");
      failed = true;
    }
    if (ORGS > 1) printFairness(series, perOrg);
    if (failed) process.exitCode = 1;
  } finally {
    await db().$disconnect();
    await stack.stop();
    if (process.env.BENCH_CPU_PROF) printProfiles(process.env.BENCH_CPU_PROF);
  }
}

/**
 * How the workers were shared while every organization's broadcast was sending: from the first
 * second all had sent something to the last second none had finished, each one's rate against an
 * equal share of their total. Printed, never a failure (a timing).
 */
function printFairness(series: { t: number; each: number[]; pending: number[] }[], perOrg: number): void {
  const from = series.find((p) => p.each.every((n) => n > 0));
  const to = [...series].reverse().find((p) => p.pending.every((n) => n > 0));
  console.log(
    `\nfairness: ${ORGS} organizations, ${perOrg.toLocaleString()} recipients each, all started at once`,
  );
  if (!from || !to || to.t <= from.t) {
    console.log("  no window where all were sending together");
    return;
  }
  const rates = from.each.map((n, i) => ((to.each[i] ?? 0) - n) / (to.t - from.t));
  const share = rates.reduce((a, b) => a + b, 0) / rates.length;
  console.log(
    `  window ${from.t.toFixed(0)}–${to.t.toFixed(0)} s; together ${(share * rates.length).toFixed(0)} messages/s, an equal share ${share.toFixed(0)}/s`,
  );
  rates.forEach((r, i) => {
    const off = ((r / share - 1) * 100).toFixed(1);
    console.log(`  organization ${i + 1}: ${r.toFixed(0)} messages/s (${off} % against its share)`);
  });
  const worst = Math.max(...rates.map((r) => Math.abs(r / share - 1)));
  console.log(`  largest deviation ${(worst * 100).toFixed(1)} % (target: within 20 %)`);
}

runBench(main);
