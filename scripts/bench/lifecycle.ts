/**
 * `npm run bench:lifecycle`: what a message costs over its whole life, not only its send.
 *
 * Outbound: text sends through `/v1` at a steady BENCH_RATE a second (default 30; several
 * comma-separated run one after the other, `max` among them searched for as below) for
 * BENCH_SECONDS (default 30); the sandbox answers each with `sent`, `delivered` and `read` status
 * notifications (as Meta does), which the web acknowledges and the worker processes; every event
 * (`message.sent`, `.delivered`, `.read`) is delivered to a local receiver that answers at once.
 * Inbound: as many customer messages at the same rate through the sandbox, each ending as
 * `message.inbound` at the receiver. For each it prints messages a second through the whole life,
 * CPU ms per message for each process (from /proc, from the first request until the receiver
 * holds the last event), the lag from the send to the receiver holding `message.read` (p50/p99),
 * and checks that every message produced exactly its events, each delivered once; it also counts
 * the deliveries whose first attempt started over 1 s after their event (a `read` tail's first suspect).
 * BENCH_WEB_PROCESSES / BENCH_WORKER_PROCESSES run several of each. Ports: web 3660 (3662, … for
 * more), sandbox 4670, receiver 3680; BENCH_PORT_BASE=<n> moves them to n, n + 10 and n + 20.
 *
 * BENCH_BASELINE=<commit> compares this checkout with that commit in one sitting:
 * - It prepares a detached worktree of the commit outside the repository
 *   (`$TMPDIR/messaging-baseline-<sha12>`, so tsc, biome, vitest and dependency-cruiser never see
 *   it) with `npm install` (not `npm ci`: 6eb44e7's lockfile is out of step with its package.json;
 *   this needs the npm registry), `npm run db:generate` and `npm run build`, once: a marker file
 *   (`.bench-baseline-ready`) makes later invocations reuse it (delete the folder to redo it).
 * - Each run starts web and worker from the checkout being measured, on a database migrated by that
 *   checkout's own migrations (this checkout: BENCH_DATABASE_URL; the baseline: the same name with
 *   `_baseline`, or BENCH_BASELINE_DATABASE_URL), the Redis database BENCH_REDIS_URL flushed at
 *   each start (runs never overlap), and this checkout's sandbox as the upstream for both. The
 *   organization, key, channel, webhook and contacts are seeded by `lifecycle-seed.ts` run inside
 *   the measured checkout, with that checkout's own code and Prisma client.
 * - Rates: BENCH_RATE (comma-separated, default "30,max" here; BENCH_RATES, its older name, is
 *   read too). `max` is found by a short search on
 *   this checkout before the comparison: offered rates from 40, ×1.5 while sustained, then one
 *   step halfway back; a rate is sustained when, for BENCH_SEARCH_SECONDS (default 60) of outbound
 *   and then inbound, every send is accepted, every message's events are delivered exactly once,
 *   and the last message's life ends within 5 s of the last offered one (no backlog grew).
 *   BENCH_RATE=30,N skips the search.
 * - At each rate, BENCH_ROUNDS (default 2) rounds of: this checkout, then the baseline (so
 *   alternating), each BENCH_SECONDS (default 30) of outbound and of inbound; then a table per
 *   rate: CPU ms a message per process (web / worker / PostgreSQL / Redis / total) for outbound
 *   and inbound, the median of each checkout's runs, and the ratio this checkout / baseline.
 * Exits 1 only when an exactly-once check fails (or the bench cannot run), never on timing.
 * Duration with the defaults: about 2.5 min a run (its stack's start, warm-up, 2 × 30 s, the
 * drain and the round-trip counts), 20 min for the two rates' 8 runs, plus about 3 min a search
 * step (3 to 5 steps): 30–40 min; the first preparation of a baseline adds about 5 min.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { standInForAutovacuum } from "@/scripts/bench/autovacuum-stand-in";
import {
  type BenchStack,
  configureSandboxApp,
  startBenchStack,
  WEB_PROCESSES,
  WORKER_PROCESSES,
} from "@/scripts/bench/bench-stack";
import { LifecycleReceiver } from "@/scripts/bench/lifecycle-receiver";
import { type CpuSample, cpuBetween, sampleCpu } from "@/scripts/bench/proc-cpu";
import { type Counts, countRoundTrips, countsBetween } from "@/scripts/bench/round-trips";
import { runBench } from "@/scripts/bench/run-bench";
import { putJson } from "@/scripts/lib/put-json";
import { scratchServices } from "@/scripts/lib/runtime-env";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** BENCH_RATE: one rate, or several comma-separated, `max` among them; BENCH_RATES is the same knob's older name */
const RATES = process.env.BENCH_RATE ?? process.env.BENCH_RATES;
const BASELINE = process.env.BENCH_BASELINE;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const SEARCH_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 60);
const RECIPIENTS = 2_000;
/** BENCH_PORT_BASE=<n>: web on n (n + 2, … for more processes), sandbox n + 10, receiver n + 20 */
const PORT_BASE = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : null;
const WEB_PORT = PORT_BASE ?? 3660;
const SANDBOX_PORT = PORT_BASE === null ? 4670 : PORT_BASE + 10;
const RECEIVER_PORT = PORT_BASE === null ? 3680 : PORT_BASE + 20;
const PHONE_NUMBER_ID = "900000000001";
const WABA_ID = "900000000002";
/** the sandbox's status delays after a send: Meta's order of magnitude, kept short */
const STATUS_DELAYS = { sent: 50, delivered: 200, read: 1_000 };
const OUTBOUND_EVENTS = ["message.sent", "message.delivered", "message.read"];
const MAX_IN_FLIGHT = 512;
const PRODUCT = ["web", "worker", "postgres", "redis"];

type Phase = {
  label: string;
  rate: number;
  offered: number;
  accepted: number;
  /** messages whose whole life ended (the last event at the receiver) */
  completed: number;
  seconds: number;
  cpuPerMessage: CpuSample;
  /** PostgreSQL transactions and Redis commands a message (null when not counted) */
  roundTrips: Counts | null;
  lagMs: number[];
  wrong: string[];
};

/** One start of the stack: outbound then inbound at one rate, from one checkout. */
type Run = { out: Phase; inb: Phase; requests: number; duplicates: number; late: Lateness | null };

/** deliveries whose first attempt started over 1 s after their event (a tail's first suspect), of all */
type Lateness = { late: number; of: number; worstSeconds: number };

type RunOptions = {
  rate: number;
  seconds: number;
  /** the checkout whose web and worker run (default: this one) and its database */
  checkout?: string;
  databaseUrl?: string;
  /** count PostgreSQL transactions and Redis commands (11 s of waiting around each phase) */
  countTrips: boolean;
};

/**
 * Calls `fire(i)` `rate` times a second for `seconds`, never more than MAX_IN_FLIGHT at once;
 * answers what each call returned (null for a failure) and when it started.
 */
async function paced<T>(
  rate: number,
  seconds: number,
  fire: (i: number) => Promise<T | null>,
): Promise<{ at: number; value: T | null }[]> {
  const total = Math.round(rate * seconds);
  const started = Date.now();
  const out: { at: number; value: T | null }[] = [];
  const running = new Set<Promise<void>>();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    while (running.size >= MAX_IN_FLIGHT) await Promise.race(running);
    const at = Date.now();
    const slot = { at, value: null as T | null };
    out.push(slot);
    const p: Promise<void> = fire(i)
      .then((value) => {
        slot.value = value;
      })
      .catch(() => undefined)
      .finally(() => running.delete(p));
    running.add(p);
  }
  await Promise.all(running);
  return out;
}

/** Waits until `done()` stops growing for 20 s or reaches `target`; answers when it last grew. */
async function settle(done: () => number, target: number): Promise<number> {
  let last = done();
  let lastGrowth = Date.now();
  while (last < target && Date.now() - lastGrowth < 20_000) {
    await new Promise((r) => setTimeout(r, 100));
    const now = done();
    if (now > last) {
      last = now;
      lastGrowth = Date.now();
    }
  }
  return lastGrowth;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function counted(stack: BenchStack, options: RunOptions): Promise<Counts | null> {
  return options.countTrips
    ? countRoundTrips(stack.env.DATABASE_URL as string, stack.env.REDIS_URL as string)
    : null;
}

async function outbound(
  stack: BenchStack,
  key: string,
  phones: string[],
  receiver: LifecycleReceiver,
  options: RunOptions,
): Promise<Phase> {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const countsBefore = await counted(stack, options);
  const before = sampleCpu(stack.cpu);
  const sends = await paced(options.rate, options.seconds, async (i) => {
    const res = await fetch(`${stack.baseUrls[i % stack.baseUrls.length]}/v1/whatsapp/messages`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        to: phones[i % phones.length],
        type: "text",
        text: { body: `Order ${i} is ready` },
      }),
    });
    const body = (await res.json()) as { data?: { messageId?: string } };
    return res.status === 200 ? (body.data?.messageId ?? null) : null;
  });
  const ids = sends.flatMap((s) => (s.value ? [s.value] : []));
  // every event, not only the read: deliveries are not ordered, a delivered may come after its read
  const lastAt = await settle(
    () => Math.min(...OUTBOUND_EVENTS.map((event) => receiver.countWith(ids, event))),
    ids.length,
  );
  const spent = cpuBetween(before, sampleCpu(stack.cpu));
  const counts = await counted(stack, options);
  const first = sends[0]?.at ?? Date.now();
  const lagMs = sends.flatMap((s) => {
    const readAt = s.value ? receiver.messages.get(s.value)?.firstAt.get("message.read") : undefined;
    return readAt === undefined ? [] : [readAt - s.at];
  });
  return {
    label: "outbound (send + sent, delivered, read + 3 deliveries)",
    rate: options.rate,
    offered: sends.length,
    accepted: ids.length,
    completed: receiver.countWith(ids, "message.read"),
    seconds: (lastAt - first) / 1000,
    cpuPerMessage: perUnit(spent, ids.length),
    roundTrips: countsBefore && counts ? countsBetween(countsBefore, counts, ids.length) : null,
    lagMs,
    wrong: receiver.mismatches(ids, OUTBOUND_EVENTS),
  };
}

async function inbound(
  stack: BenchStack,
  phones: string[],
  receiver: LifecycleReceiver,
  options: RunOptions,
): Promise<Phase> {
  const countsBefore = await counted(stack, options);
  const before = sampleCpu(stack.cpu);
  const posts = await paced(options.rate, options.seconds, async (i) => {
    const res = await fetch(`${stack.sandboxUrl}/_sandbox/inbound`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        phone_number_id: PHONE_NUMBER_ID,
        from: phones[i % phones.length]?.slice(1),
        name: "Bench Customer",
        message: { type: "text", text: { body: `Where is order ${i}?` } },
      }),
    });
    const body = (await res.json()) as { id?: string };
    return res.status === 200 ? (body.id ?? null) : null;
  });
  const ids = posts.flatMap((p) => (p.value ? [p.value] : []));
  const lastAt = await settle(() => receiver.countWith(ids, "message.inbound"), ids.length);
  const spent = cpuBetween(before, sampleCpu(stack.cpu));
  const counts = await counted(stack, options);
  const lagMs = posts.flatMap((p) => {
    const at = p.value ? receiver.messages.get(p.value)?.firstAt.get("message.inbound") : undefined;
    return at === undefined ? [] : [at - p.at];
  });
  return {
    label: "inbound (acknowledge + process + 1 delivery)",
    rate: options.rate,
    offered: posts.length,
    accepted: ids.length,
    completed: receiver.countWith(ids, "message.inbound"),
    seconds: (lastAt - (posts[0]?.at ?? Date.now())) / 1000,
    cpuPerMessage: perUnit(spent, ids.length),
    roundTrips: countsBefore && counts ? countsBetween(countsBefore, counts, ids.length) : null,
    lagMs,
    wrong: receiver.mismatches(ids, ["message.inbound"]),
  };
}

/**
 * How many deliveries of the run (warm-up included) made their first attempt over 1 s after their
 * event: a webhook's attempts stepping aside (messaging_webhook_delivery_postponements_total) or
 * queued behind others show here, and a `read` tail with them is theirs.
 */
async function lateness(databaseUrl: string): Promise<Lateness | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // null: a checkout whose schema does not say it (a baseline's), never a failed run
    const { rows } = await client.query<{ late: number; of: number; worst: number | null }>(
      `SELECT count(*) FILTER (WHERE a.started_at - d.created_at > interval '1 second')::int AS late,
              count(*)::int AS "of",
              extract(epoch FROM max(a.started_at - d.created_at))::float8 AS worst
       FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id AND a.attempt_number = 1`,
    );
    const row = rows[0];
    return { late: row?.late ?? 0, of: row?.of ?? 0, worstSeconds: row?.worst ?? 0 };
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

function perUnit(spent: CpuSample, n: number): CpuSample {
  return Object.fromEntries(Object.entries(spent).map(([name, ms]) => [name, n > 0 ? ms / n : 0]));
}

function totalCpu(phase: Phase): number {
  return PRODUCT.reduce((sum, name) => sum + (phase.cpuPerMessage[name] ?? 0), 0);
}

/** messages a second through their whole life */
function through(phase: Phase): number {
  return phase.completed / Math.max(phase.seconds, 0.001);
}

function print(phase: Phase, lagLabel: string): void {
  console.log(`\n${phase.label}`);
  console.log(
    `  ${phase.offered} offered at ${phase.rate}/s, ${phase.accepted} accepted, ${phase.completed} through their whole life: ` +
      `${through(phase).toFixed(1)} messages/s over ${phase.seconds.toFixed(1)} s`,
  );
  console.log(
    `  CPU ms a message: ${PRODUCT.map((n) => `${n} ${(phase.cpuPerMessage[n] ?? 0).toFixed(2)}`).join(", ")}; ` +
      `total ${totalCpu(phase).toFixed(2)} (not counted: sandbox ${(phase.cpuPerMessage.sandbox ?? 0).toFixed(2)}, load+receiver ${(phase.cpuPerMessage.load ?? 0).toFixed(2)})`,
  );
  const trips = phase.roundTrips;
  if (trips)
    console.log(
      `  round trips a message: PostgreSQL ${trips.transactions.toFixed(1)} transactions, ` +
        `Redis ${trips.redisCommands.toFixed(1)} commands (${trips.redisScripts.toFixed(1)} scripts; the whole server's)`,
    );
  console.log(
    `  lag ${lagLabel}: p50 ${percentile(phase.lagMs, 50)} ms, p99 ${percentile(phase.lagMs, 99)} ms`,
  );
  console.log(
    phase.wrong.length === 0
      ? "  check: every message produced exactly its events, each delivered once"
      : `  CHECK FAILED for ${phase.wrong.length} messages, e.g. ${phase.wrong.slice(0, 3).join("; ")}`,
  );
}

function printRun(run: Run, title: string): void {
  console.log(`\n${title}`);
  print(run.out, "from the send request to the receiver holding message.read");
  print(run.inb, "from the customer's message to the receiver holding message.inbound");
  const { late } = run;
  console.log(
    late === null
      ? "  deliveries' first attempts: not read (this checkout's schema differs)"
      : `  deliveries whose first attempt started over 1 s after their event: ${late.late} of ${late.of}` +
          (late.late > 0
            ? ` (the latest ${late.worstSeconds.toFixed(1)} s after it; warm-up included)`
            : " (warm-up included)"),
  );
  console.log(`  receiver: ${run.requests} requests, ${run.duplicates} with a delivery id seen before`);
}

function exactlyOnce(run: Run): boolean {
  return run.out.wrong.length === 0 && run.inb.wrong.length === 0 && run.duplicates === 0;
}

/** Builds this checkout when it has no build (or BENCH_BUILD=1). */
function buildHere(): void {
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
}

/**
 * Starts the stack of one checkout, seeds it through that checkout's own code, runs outbound
 * then inbound at one rate, and stops it.
 */
async function lifecycleRun(options: RunOptions): Promise<Run> {
  const receiver = new LifecycleReceiver(RECEIVER_PORT);
  await receiver.start();
  try {
    const stack = await startBenchStack({
      webPort: WEB_PORT,
      sandboxPort: SANDBOX_PORT,
      checkout: options.checkout,
      databaseUrl: options.databaseUrl,
    });
    try {
      await configureSandboxApp(stack, {
        status_delays_ms: STATUS_DELAYS,
        skip_delivered_when_read_fast: false,
        enforce_window: false,
      });
      await putJson(`${stack.sandboxUrl}/_sandbox/phone-numbers/${PHONE_NUMBER_ID}`, {
        waba_id: WABA_ID,
        display_phone_number: "+1 555 0199",
        access_token: "bench-token",
        throughput_per_second: 1000,
      });
      const phones = Array.from(
        { length: RECIPIENTS },
        (_, i) => `+1415${String(5_000_000 + i).padStart(7, "0")}`,
      );
      const key = seed(stack, options.checkout ?? process.cwd(), phones);
      // the tables grow from empty: analyzed every 10 s as autovacuum would (when it is off), or
      // every statement is planned on the empty tables' statistics
      const stopMaintenance = await standInForAutovacuum({
        databaseUrl: stack.env.DATABASE_URL as string,
        everyMs: 10_000,
      });
      try {
        // warm-up: JIT, pools, caches; its messages are not counted
        const warm = await outboundWarmUp(stack, key, phones, options.rate);
        await settle(() => receiver.countWith(warm, "message.read"), warm.length);

        const out = await outbound(stack, key, phones, receiver, options);
        const inb = await inbound(stack, phones, receiver, options);
        const late = await lateness(stack.env.DATABASE_URL as string);
        return { out, inb, requests: receiver.requests, duplicates: receiver.duplicates, late };
      } finally {
        await stopMaintenance();
      }
    } finally {
      await stack.stop();
    }
  } finally {
    await receiver.stop();
  }
}

/** A run that cannot run (a stack that does not start, a cut connection) is tried once more. */
async function lifecycleRunRetried(options: RunOptions, label: string): Promise<Run> {
  try {
    return await lifecycleRun(options);
  } catch (error) {
    console.error(`[run] ${label} could not run, trying once more:`, error);
    return lifecycleRun(options);
  }
}

/**
 * The organization, its key, channel, webhook and customers, written by `lifecycle-seed.ts` run
 * in the measured checkout (its own Prisma client for its own schema); answers the key.
 */
function seed(stack: BenchStack, checkout: string, phones: string[]): string {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench/lifecycle-seed.ts"], {
    cwd: checkout,
    encoding: "utf8",
    env: {
      ...process.env,
      ...stack.env,
      BENCH_SEED: JSON.stringify({
        phoneNumberId: PHONE_NUMBER_ID,
        wabaId: WABA_ID,
        graphUrl: `${stack.sandboxUrl}/v23.0`,
        webhookUrl: `http://127.0.0.1:${RECEIVER_PORT}/hook`,
        events: [...OUTBOUND_EVENTS, "message.inbound"],
        phones,
      }),
    },
  });
  const line = result.stdout.trim().split("\n").pop() ?? "";
  if (result.status !== 0 || !line.startsWith("{"))
    throw new Error(`seeding in ${checkout} failed:\n${result.stdout}\n${result.stderr}`);
  return (JSON.parse(line) as { key: string }).key;
}

function git(args: string[], cwd = process.cwd()): string {
  const result = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

function npm(args: string[], cwd: string): void {
  console.log(`[baseline] npm ${args.join(" ")} (in ${cwd})`);
  const result = spawnSync("npm", args, {
    cwd,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed in ${cwd}`);
}

/**
 * A detached worktree of `ref` outside the repository, installed, generated and built once
 * (a marker file says it is ready); answers its directory. The seed script is copied in each time.
 */
function prepareBaseline(ref: string): { dir: string; sha: string } {
  const sha = git(["rev-parse", "--verify", `${ref}^{commit}`]);
  const dir = process.env.BENCH_BASELINE_DIR ?? join(tmpdir(), `messaging-baseline-${sha.slice(0, 12)}`);
  const marker = join(dir, ".bench-baseline-ready");
  if (!existsSync(marker)) {
    if (!existsSync(join(dir, ".git"))) {
      git(["worktree", "prune"]);
      console.log(`[baseline] git worktree add --detach ${dir} ${sha}`);
      git(["worktree", "add", "--detach", dir, sha]);
    } else if (git(["rev-parse", "HEAD"], dir) !== sha) {
      throw new Error(
        `${dir} holds another commit than ${sha}: remove it (git worktree remove --force ${dir})`,
      );
    }
    // not `npm ci`: 6eb44e7's package-lock.json is out of step with its package.json
    npm(["install", "--no-audit", "--no-fund"], dir);
    npm(["run", "db:generate"], dir);
    npm(["run", "build"], dir);
    writeFileSync(marker, `${sha} prepared ${new Date().toISOString()}\n`);
  }
  copyFileSync("scripts/bench/lifecycle-seed.ts", join(dir, "scripts/bench/lifecycle-seed.ts"));
  return { dir, sha };
}

/** this checkout's bench database with `_baseline` after its name */
function baselineDatabaseUrl(): string {
  if (process.env.BENCH_BASELINE_DATABASE_URL) return process.env.BENCH_BASELINE_DATABASE_URL;
  const url = new URL(
    process.env.BENCH_DATABASE_URL ?? scratchServices(process.cwd(), "messaging_bench", 12).databaseUrl,
  );
  url.pathname = `${url.pathname}_baseline`;
  return url.toString();
}

/** how long after the last offered message its life may end for the rate to count as sustained */
const DRAIN_SECONDS = 5;

/**
 * Whether this checkout sustains `rate` for SEARCH_SECONDS: every send accepted, every event
 * delivered exactly once, and the last message's life over within DRAIN_SECONDS of the last
 * offered one (the `read` comes 1 s after a send: no backlog grew).
 */
async function sustains(rate: number): Promise<boolean> {
  const run = await lifecycleRunRetried({ rate, seconds: SEARCH_SECONDS, countTrips: false }, "search");
  const phases = [run.out, run.inb];
  const ok =
    exactlyOnce(run) &&
    phases.every(
      (p) =>
        p.accepted === p.offered && p.completed === p.accepted && p.seconds <= SEARCH_SECONDS + DRAIN_SECONDS,
    );
  console.log(
    `[search] ${rate}/s for ${SEARCH_SECONDS} s: outbound ${through(run.out).toFixed(1)}/s ` +
      `(${run.out.accepted}/${run.out.offered} accepted, lag p99 ${percentile(run.out.lagMs, 99)} ms), ` +
      `inbound ${through(run.inb).toFixed(1)}/s (${run.inb.accepted}/${run.inb.offered}, lag p99 ${percentile(run.inb.lagMs, 99)} ms), ` +
      `exactly once: ${exactlyOnce(run) ? "yes" : "NO"} → ${ok ? "sustained" : "not sustained"}`,
  );
  return ok;
}

/** The highest offered rate this checkout sustains: from 40, ×1.5 while sustained, then halfway back once. */
async function searchMaxRate(): Promise<number | null> {
  let ok: number | null = null;
  let failed: number | null = null;
  for (let rate = 40; rate <= 400; rate = Math.round((rate * 1.5) / 5) * 5) {
    if (await sustains(rate)) ok = rate;
    else {
      failed = rate;
      break;
    }
  }
  const low = ok ?? 30;
  if (failed !== null && failed - low >= 10) {
    const mid = Math.round((low + failed) / 2 / 5) * 5;
    if (mid > low && mid < failed && (await sustains(mid))) ok = mid;
  }
  return ok;
}

function printComparison(
  rate: number,
  runs: { label: string; run: Run }[],
  here: string,
  base: string,
): void {
  const groups = [...PRODUCT, "total"];
  const value = (phase: Phase, g: string) =>
    g === "total" ? totalCpu(phase) : (phase.cpuPerMessage[g] ?? 0);
  const names = ["web", "worker", "PostgreSQL", "Redis", "total"];
  console.log(
    `\n=== ${rate} messages/s offered, ${SECONDS} s each way: CPU ms a message (median of ${ROUNDS} run(s) each) ===`,
  );
  const header = ["life", "checkout", ...names, "through /s", "lag p50 ms", "exactly once"];
  const rows: string[][] = [];
  for (const life of ["out", "inb"] as const) {
    const medians = new Map<string, number[]>();
    for (const label of [here, base]) {
      const mine = runs.filter((r) => r.label === label);
      const phases = mine.map((r) => r.run[life]);
      const m = groups.map((g) => median(phases.map((p) => value(p, g))));
      medians.set(label, m);
      rows.push([
        life === "out" ? "outbound" : "inbound",
        label,
        ...m.map((v) => v.toFixed(2)),
        median(phases.map(through)).toFixed(1),
        String(median(phases.map((p) => percentile(p.lagMs, 50)))),
        mine.every((r) => exactlyOnce(r.run)) ? "yes" : "NO",
      ]);
    }
    const a = medians.get(here) ?? [];
    const b = medians.get(base) ?? [];
    rows.push([
      life === "out" ? "outbound" : "inbound",
      "ratio",
      ...groups.map((_, i) => ((b[i] ?? 0) > 0 ? ((a[i] ?? 0) / (b[i] ?? 1)).toFixed(2) : "-")),
      "",
      "",
      "",
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const fmt = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(fmt(header));
  for (const r of rows) console.log(fmt(r));
  console.log(`(ratio: ${here} / ${base}; the target is at most 0.50 for outbound and inbound totals)`);
  console.log("each run, total CPU ms a message outbound / inbound:");
  for (const { label, run } of runs)
    console.log(`  ${label}: ${totalCpu(run.out).toFixed(2)} / ${totalCpu(run.inb).toFixed(2)}`);
}

/** The rates of BENCH_RATE in order, each once; `max` searched for on this checkout. */
async function offeredRates(spec: string, here: string): Promise<number[]> {
  const rates: number[] = [];
  for (const part of spec.split(",").map((p) => p.trim())) {
    if (part === "max") {
      console.log(`[search] the highest rate ${here} sustains for ${SEARCH_SECONDS} s`);
      const max = await searchMaxRate();
      console.log(
        max === null
          ? "[search] no rate from 35/s up sustained: measuring at the other rates only"
          : `[search] ${max}/s`,
      );
      if (max !== null && !rates.includes(max)) rates.push(max);
    } else {
      const rate = Number(part);
      if (!(rate > 0)) throw new Error(`BENCH_RATE: "${part}" is neither a rate a second nor max`);
      if (!rates.includes(rate)) rates.push(rate);
    }
  }
  return rates;
}

async function compare(ref: string): Promise<boolean> {
  const baseline = prepareBaseline(ref);
  buildHere();
  const here = `this ${git(["rev-parse", "--short=7", "HEAD"])}`;
  const base = `baseline ${baseline.sha.slice(0, 7)}`;
  const databaseUrl = baselineDatabaseUrl();
  const rates = await offeredRates(RATES ?? "30,max", here);
  let allOnce = true;
  for (const rate of rates) {
    const runs: { label: string; run: Run }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [label, checkout, db] of [
        [here, undefined, undefined],
        [base, baseline.dir, databaseUrl],
      ] as const) {
        const started = new Date().toISOString().slice(11, 19);
        console.log(`\n[run] ${label}, ${rate}/s, round ${round} of ${ROUNDS}: starting its stack`);
        const run = await lifecycleRunRetried(
          { rate, seconds: SECONDS, checkout, databaseUrl: db, countTrips: true },
          label,
        );
        printRun(run, `--- ${label}, ${rate}/s, round ${round} (started ${started} UTC) ---`);
        runs.push({ label, run });
        if (!exactlyOnce(run)) allOnce = false;
      }
    }
    printComparison(rate, runs, here, base);
  }
  return allOnce;
}

async function main(): Promise<void> {
  if (BASELINE) {
    if (!(await compare(BASELINE))) process.exitCode = 1;
    return;
  }
  buildHere();
  for (const rate of await offeredRates(RATES ?? "30", "this checkout")) {
    const run = await lifecycleRun({ rate, seconds: SECONDS, countTrips: true });
    printRun(
      run,
      `bench:lifecycle — ${rate} messages/s offered for ${SECONDS} s, ${WEB_PROCESSES} web and ${WORKER_PROCESSES} worker process(es); ` +
        `sandbox statuses after ${STATUS_DELAYS.sent}/${STATUS_DELAYS.delivered}/${STATUS_DELAYS.read} ms; receiver answers at once`,
    );
    if (!exactlyOnce(run)) process.exitCode = 1;
  }
}

/** Five seconds of sends at the same rate before measuring; answers their message ids. */
async function outboundWarmUp(
  stack: BenchStack,
  key: string,
  phones: string[],
  rate: number,
): Promise<string[]> {
  const ids: string[] = [];
  const total = Math.min(rate * 5, 1_000);
  for (let i = 0; i < total; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, total - i) }, async (_, j) => {
        // a warm-up send refused or cut (a connection closed under load) is only not waited for
        const res = await fetch(`${stack.baseUrls[(i + j) % stack.baseUrls.length]}/v1/whatsapp/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({
            to: phones[(i + j) % phones.length],
            type: "text",
            text: { body: "warm-up" },
          }),
        }).catch(() => null);
        const body = res ? ((await res.json().catch(() => ({}))) as { data?: { messageId?: string } }) : {};
        return body.data?.messageId ?? null;
      }),
    );
    for (const id of batch) if (id) ids.push(id);
  }
  return ids;
}

runBench(main);
