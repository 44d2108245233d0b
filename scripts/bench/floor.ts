/**
 * `npm run bench:floor`: what a process costs before any of our work, at the rates
 * `bench:lifecycle` runs at. Prints, in one run on the production build:
 * - each process's CPU a second while nothing is asked of it (web, worker, PostgreSQL, Redis);
 * - the web's CPU for one `/healthz` request when requests come one at a time at 30 and at 300 a
 *   second (paced, not concurrent), and the same for a bare node:http server (its own process)
 *   answering the same JSON: the framework's floor and the machine's, per request, by rate.
 * At a low rate every request meets cold caches and a sleeping process, so it costs several times
 * what it costs under load; a message's whole life at 30 a second pays that floor on every hop.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { startBenchStack } from "@/scripts/bench/bench-stack";
import { cpuBetween, cpuMs, sampleCpu, withDescendants } from "@/scripts/bench/proc-cpu";
import { runBench } from "@/scripts/bench/run-bench";

const WEB_PORT = 3760;
const SANDBOX_PORT = 4770;
const BARE_PORT = 3790;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RATES = [30, 300];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `n` GETs of `url`, one every 1000/rate ms (never waiting for the previous answer). */
async function paced(url: string, rate: number): Promise<void> {
  const n = rate * SECONDS;
  const started = Date.now();
  const all: Promise<unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const wait = started + (i * 1000) / rate - Date.now();
    if (wait > 0) await sleep(wait);
    all.push(fetch(url).then((r) => r.text()));
  }
  await Promise.all(all);
}

async function perRequest(url: string, rate: number, cpu: () => number): Promise<number> {
  for (let i = 0; i < 200; i++) await fetch(url).then((r) => r.text()); // warm-up
  await sleep(1_000);
  const before = cpu();
  await paced(url, rate);
  return (cpu() - before) / (rate * SECONDS);
}

async function main(): Promise<void> {
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
  const stack = await startBenchStack({ webPort: WEB_PORT, sandboxPort: SANDBOX_PORT });
  const bare = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((q, s) => { s.setHeader("content-type", "application/json"); ` +
        `s.end('{"status":"ok"}'); }).listen(${BARE_PORT}, "127.0.0.1")`,
    ],
    { stdio: "ignore" },
  );
  try {
    await sleep(10_000);
    const idleFrom = sampleCpu(stack.cpu);
    await sleep(20_000);
    const idle = cpuBetween(idleFrom, sampleCpu(stack.cpu));
    const web = () => (stack.cpu.web?.() ?? []).reduce((sum, pid) => sum + cpuMs(pid), 0);
    const bareCpu = () =>
      bare.pid ? withDescendants(bare.pid).reduce((sum, pid) => sum + cpuMs(pid), 0) : 0;
    const rows: string[] = [];
    for (const rate of RATES) {
      const next = await perRequest(`${stack.baseUrl}/healthz`, rate, web);
      const plain = await perRequest(`http://127.0.0.1:${BARE_PORT}/`, rate, bareCpu);
      rows.push(
        `  ${String(rate).padStart(3)} a second: /healthz ${next.toFixed(2)} ms, bare node:http ${plain.toFixed(2)} ms (${(next / plain).toFixed(1)}×)`,
      );
    }
    console.log("\nbench:floor");
    console.log(
      `  idle, CPU ms a second: ${["web", "worker", "postgres", "redis"].map((k) => `${k} ${((idle[k] ?? 0) / 20).toFixed(1)}`).join(", ")}`,
    );
    console.log(`  CPU ms a request, requests one at a time (${SECONDS} s each):`);
    for (const row of rows) console.log(row);
  } finally {
    bare.kill();
    await stack.stop();
  }
}

runBench(main);
