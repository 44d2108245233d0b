/**
 * `npm run bench:broadcast`: one broadcast of BENCH_RECIPIENTS (default 100,000) contacts chosen
 * by tag, on a channel at 1,000 messages/s in our limiter and in the sandbox (which answers 130429
 * past it), against the production build with web, worker and sandbox running. Reports the time
 * to create it (the audience resolved and stored) and the web's memory meanwhile, the sustained
 * send rate, CPU ms per message for each process (from /proc), and checks that every recipient
 * got exactly one upstream message. BENCH_WEB_PORT / BENCH_SANDBOX_PORT move the ports;
 * BENCH_CPU_PROF=<dir> writes V8 profiles of web and worker (summarized at the end).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { type BenchStack, startBenchStack } from "@/scripts/bench/bench-stack";
import { checkUpstream, printRun } from "@/scripts/bench/broadcast-report";
import {
  PHONE_NUMBER_ID,
  rssMb,
  seedOrganization,
  setUpUpstream,
  TAG,
} from "@/scripts/bench/broadcast-setup";
import { printProfiles } from "@/scripts/bench/cpu-profile-top";
import { type CpuGroups, cpuBetween, postgresPids, sampleCpu } from "@/scripts/bench/proc-cpu";
import { runBench } from "@/scripts/bench/run-bench";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
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

async function main(): Promise<void> {
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
  process.env.SANDBOX_MAX_RECORDED_REQUESTS = String(RECIPIENTS * 2);
  const stack = await startBenchStack({ webPort: WEB_PORT, sandboxPort: SANDBOX_PORT });
  const { db } = await import("@/lib/db");
  try {
    await setUpUpstream(stack, PER_SECOND);
    const { key } = await seedOrganization(stack, PER_SECOND, RECIPIENTS);
    const cpu = groups(stack);
    const webPids = () => stack.cpu.web?.() ?? [];

    // warm-up: the first request of a route loads its code; a small broadcast, scheduled and cancelled
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const warm = await fetch(`${stack.baseUrl}/v1/whatsapp/broadcasts`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "Warm-up",
        template: {
          name: "order_ready",
          language: { code: "en_US" },
          components: [{ type: "body", parameters: [{ type: "text", text: "x" }] }],
        },
        recipients: [{ to: "+14155550100" }],
        scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    });
    const warmId = ((await warm.json()) as { data: { id: string } }).data.id;
    await fetch(`${stack.baseUrl}/v1/whatsapp/broadcasts/${warmId}/cancel`, { method: "POST", headers });

    // creation: the audience resolved and stored; the web's memory sampled meanwhile
    const rssBefore = rssMb(webPids());
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(webPids()));
    }, 50);
    const c0 = sampleCpu(cpu);
    const t0 = performance.now();
    const res = await fetch(`${stack.baseUrl}/v1/whatsapp/broadcasts`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "Bench",
        template: {
          name: "order_ready",
          language: { code: "en_US" },
          components: [{ type: "body", parameters: [{ type: "text", text: "{{contact.name|there}}" }] }],
        },
        audience: { tags: [TAG] },
        scheduled_at: new Date(Date.now() + START_AFTER_MS).toISOString(),
      }),
    });
    const createMs = performance.now() - t0;
    const c1 = sampleCpu(cpu);
    clearInterval(sampler);
    const created = (await res.json()) as { data?: { id: string; counts: { total: number } } };
    if (res.status !== 201 || !created.data)
      throw new Error(`create: ${res.status} ${JSON.stringify(created)}`);
    const id = created.data.id;
    const createCpu = cpuBetween(c0, c1);

    // sending: from the first message to the last, counts read every second
    const counts = async () => {
      const [row] = await db().$queryRaw<{ sent: number; pending: number; failed: number }[]>`
        SELECT coalesce(sum(sent), 0)::int AS sent, coalesce(sum(pending), 0)::int AS pending,
               coalesce(sum(failed), 0)::int AS failed FROM broadcast_counters WHERE broadcast_id = ${id}::uuid`;
      return row ?? { sent: 0, pending: 0, failed: 0 };
    };
    while ((await counts()).sent === 0) await sleep(100);
    const s0 = sampleCpu(cpu);
    const start = performance.now();
    const series: { t: number; sent: number }[] = [];
    let last = await counts();
    while (last.pending > 0 && performance.now() - start < 1_800_000) {
      await sleep(1_000);
      last = await counts();
      series.push({ t: (performance.now() - start) / 1000, sent: last.sent });
    }
    const sendSeconds = (performance.now() - start) / 1000;
    const s1 = sampleCpu(cpu);
    const sendCpu = cpuBetween(s0, s1);

    const at = (fraction: number) => series.find((p) => p.sent >= fraction * RECIPIENTS) ?? series.at(-1);
    const p10 = at(0.1);
    const p90 = at(0.9);
    const sustained = p10 && p90 && p90.t > p10.t ? (p90.sent - p10.sent) / (p90.t - p10.t) : 0;

    const upstream = await checkUpstream(stack.sandboxUrl, PHONE_NUMBER_ID);
    const byStatus = await db().broadcastRecipient.groupBy({
      by: ["status"],
      where: { broadcastId: id },
      _count: true,
    });
    const stored = await db().message.count({ where: { broadcastId: id, status: "sent" } });
    printRun(
      {
        recipients: RECIPIENTS,
        perSecond: PER_SECOND,
        createMs,
        created: created.data.counts.total,
        rssBefore,
        rssPeak,
        createCpu,
        sendSeconds,
        sustained,
        sendCpu,
      },
      upstream,
      `${byStatus.map((s) => `${s.status} ${s._count}`).join(", ")}; ${stored} messages stored sent (lost: ${Math.max(0, upstream.reached - stored)})`,
    );
  } finally {
    await db().$disconnect();
    await stack.stop();
    if (process.env.BENCH_CPU_PROF) printProfiles(process.env.BENCH_CPU_PROF);
  }
}

runBench(main);
