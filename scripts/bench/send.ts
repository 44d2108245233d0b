/**
 * `npm run bench:send`: text sends (open window) against the production build with web, worker
 * and sandbox running, at several concurrencies, next to /healthz of the same build (the
 * framework's ceiling) and a bare node:http server (the machine's), in one run, with the CPU
 * each process spent per request (from /proc). BENCH_SECONDS (default 30), BENCH_CONCURRENCY
 * (default 16,64,128), BENCH_WEB_PROCESSES (default 1), BENCH_WEB_PORT and BENCH_SANDBOX_PORT
 * (default 3600, 4610: another run on the machine needs others) shorten or change it.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { startBenchStack, WEB_PROCESSES } from "@/scripts/bench/bench-stack";
import { type Measured, measure, measureCeilings, printTable } from "@/scripts/bench/measure";
import { cpuBetween, sampleCpu } from "@/scripts/bench/proc-cpu";
import { runBench } from "@/scripts/bench/run-bench";
import { textingOrganization } from "@/scripts/bench/texting-org";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? "16,64,128").split(",").map(Number);
const RECIPIENTS = 2_000;
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3600);
const SANDBOX_PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 4610);

/**
 * BENCH_SEND_MODES=wait,async: each run once as today (the answer waits for the worker's outcome)
 * and once with `Prefer: respond-async` (202 `queued` as soon as the job is queued), alternating,
 * BENCH_ROUNDS times (with /healthz after each round); medians of each are printed side by side.
 */
const MODES = (process.env.BENCH_SEND_MODES ?? "wait").split(",") as ("wait" | "async")[];
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));

/** A run of one mode with its CPU counted until every message it stored was settled. */
type Drained = {
  mode: string;
  connections: number;
  row: Measured;
  perSend: Record<string, number>;
  /** answered sends over the run and the drain after it */
  sentPerSecond: number;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? 0 : s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const BUDGET = ["web", "worker", "postgres", "redis"];

/** Medians per mode and concurrency: answers a second, sends settled a second, CPU a send in ms and in /healthz units. */
function printModes(runs: Drained[], healthz: Measured[]): void {
  const cpuOf = (m: Record<string, number>) => BUDGET.reduce((a, k) => a + (m[k] ?? 0), 0);
  const unit = median(healthz.map((h) => cpuOf(h.cpuPerUnit)));
  const hRps = median(healthz.map((h) => h.rps));
  console.log(
    `\nmedians of ${ROUNDS} round(s); CPU a send = web + worker + PostgreSQL + Redis from the run's start until every message it stored was settled; /healthz ${hRps.toFixed(0)}/s, ${unit.toFixed(2)} ms a request`,
  );
  for (const connections of CONCURRENCY) {
    const line = (mode: string) => {
      const mine = runs.filter((r) => r.mode === mode && r.connections === connections);
      const rps = median(mine.map((r) => r.row.rps));
      const p99 = median(mine.map((r) => r.row.p99));
      const settled = median(mine.map((r) => r.sentPerSecond));
      const cpu = median(mine.map((r) => cpuOf(r.perSend)));
      const parts = BUDGET.map((k) => median(mine.map((r) => r.perSend[k] ?? 0)).toFixed(2)).join(" / ");
      console.log(
        `  ${mode.padEnd(5)} c=${connections}: answers ${rps.toFixed(0)}/s (${((rps / Math.max(hRps, 1)) * 100).toFixed(0)} % of /healthz), p99 ${p99} ms, settled ${settled.toFixed(0)}/s; CPU a send ${parts} = ${cpu.toFixed(2)} ms = ${(cpu / Math.max(unit, 0.001)).toFixed(2)} /healthz`,
      );
      return { rps, cpu, p99 };
    };
    const w = line("wait");
    const a = line("async");
    console.log(
      `  async / wait at c=${connections}: answers ${(a.rps / Math.max(w.rps, 1)).toFixed(2)}×, CPU a send ${(a.cpu / Math.max(w.cpu, 0.001)).toFixed(2)}×, p99 ${(a.p99 / Math.max(w.p99, 1)).toFixed(2)}×`,
    );
  }
}

const WEB_PORTS_TEXT = () => (WEB_PROCESSES === 1 ? "one web process" : `${WEB_PROCESSES} web processes`);

async function main(): Promise<void> {
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
  const stack = await startBenchStack({ webPort: WEB_PORT, sandboxPort: SANDBOX_PORT });
  try {
    const { db } = await import("@/lib/db");
    // the upstream's top tier: 1,000 messages/s, in the sandbox and in our limiter
    const { organizationId, key, phones } = await textingOrganization(stack, {
      name: "Bench",
      phoneNumberId: "900000000001",
      wabaId: "900000000002",
      displayPhoneNumber: "+1 555 0199",
      scopes: ["whatsapp:send"],
      firstPhone: 5_000_000,
      contacts: RECIPIENTS,
      perSecond: 1000,
    });

    let n = 0;
    const body = () =>
      JSON.stringify({ to: phones[n++ % RECIPIENTS], type: "text", text: { body: "Your code is 123456" } });
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const rows: Measured[] = [];
    const urls = stack.baseUrls.map((u) => `${u}/v1/whatsapp/messages`);
    // warm-up: JIT, connection pools, key cache
    await measure({
      label: "warm-up",
      url: urls,
      connections: 16,
      seconds: 5,
      method: "POST",
      headers,
      body,
    });
    const sentBefore = await db().message.count({
      where: { organizationId, status: "sent" },
    });
    const unsettled = () =>
      db().message.count({
        where: { organizationId, status: { in: ["queued", "sending"] } },
      });
    const modes: Drained[] = [];
    const healthz: Measured[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const connections of CONCURRENCY) {
        for (const mode of MODES) {
          // CPU from the run's start until every message it stored is settled: a send answered
          // `queued` is paid for by the worker after its answer
          const c0 = sampleCpu(stack.cpu);
          const t0 = performance.now();
          const row = await measure({
            label: `${mode} c=${connections}${ROUNDS > 1 ? ` r${round}` : ""}`,
            url: urls,
            connections,
            seconds: SECONDS,
            method: "POST",
            headers: mode === "async" ? { ...headers, prefer: "respond-async" } : headers,
            body,
            cpu: stack.cpu,
          });
          for (let i = 0; i < 600 && (await unsettled()) > 0; i++)
            await new Promise((r) => setTimeout(r, 200));
          const seconds = (performance.now() - t0) / 1000;
          const answered = row.total - row.non2xx - row.errors;
          const spent = cpuBetween(c0, sampleCpu(stack.cpu));
          const perSend = Object.fromEntries(
            Object.entries(spent).map(([k, v]) => [k, answered > 0 ? v / answered : 0]),
          );
          rows.push(row);
          modes.push({ mode, connections, row, perSend, sentPerSecond: answered / seconds });
        }
      }
      if (ROUNDS > 1 && MODES.length > 1) {
        const [h] = await measureCeilings(stack.baseUrls, WEB_PORT + 1, SECONDS, stack.cpu);
        healthz.push({ ...h, label: `${h.label} r${round}` });
      }
    }
    const [trivial, machine] = await measureCeilings(stack.baseUrls, WEB_PORT + 1, SECONDS, stack.cpu);
    const sent = (await db().message.count({ where: { organizationId, status: "sent" } })) - sentBefore;
    const failed = await db().message.count({
      where: { organizationId, status: { not: "sent" } },
    });
    const answered = [...rows].reduce((n, r) => n + r.total - r.non2xx - r.errors, 0);
    // what the upstream received: each message at most once (biz_opaque_callback_data is our id)
    const received = (await (
      await fetch(`${stack.sandboxUrl}/_sandbox/messages?phone_number_id=900000000001`)
    ).json()) as { data: { body: { biz_opaque_callback_data?: string }; result: number | null }[] };
    const accepted = received.data.filter((r) => r.result === 200);
    const distinct = new Set(accepted.map((r) => r.body.biz_opaque_callback_data)).size;
    const allSent = await db().message.count({ where: { organizationId, status: "sent" } });

    console.log(
      `\nbench:send — ${SECONDS} s a run, ${RECIPIENTS} recipients, ${WEB_PORTS_TEXT()} and one worker process`,
    );
    printTable([...rows, ...healthz, trivial, machine], trivial);
    if (MODES.length > 1) printModes(modes, [...healthz, trivial]);
    console.log(
      `\nmeasured runs: ${answered} answers 200 or 202, ${sent} messages stored sent; ${failed} messages not sent in all`,
    );
    console.log(
      `upstream: ${accepted.length} sends accepted for ${distinct} distinct messages (duplicates: ${accepted.length - distinct}); ` +
        `${allSent} messages stored sent in all (lost: ${Math.max(0, distinct - allSent)})`,
    );
    // exactly once: no message accepted upstream twice, none accepted and not stored sent
    if (accepted.length !== distinct || distinct > allSent) {
      console.log("\nEXACTLY-ONCE CHECK FAILED");
      process.exitCode = 1;
    }
    const best = rows.reduce((a, b) => (b.rps > a.rps ? b : a), rows[0] ?? trivial);
    console.log(
      `best send rate ${best.rps}/s (${best.label}, p99 ${best.p99} ms) = ${((best.rps / Math.max(trivial.rps, 1)) * 100).toFixed(0)} % of the trivial handler, ` +
        `${((best.rps / Math.max(machine.rps, 1)) * 100).toFixed(1)} % of bare node:http`,
    );
    await db().$disconnect();
  } finally {
    await stack.stop();
  }
}

runBench(main);
