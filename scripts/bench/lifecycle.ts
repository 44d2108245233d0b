/**
 * `npm run bench:lifecycle`: what a message costs over its whole life, not only its send.
 *
 * Outbound: text sends through `/v1` at a steady BENCH_RATE a second (default 100) for
 * BENCH_SECONDS (default 30); the sandbox answers each with `sent`, `delivered` and `read` status
 * notifications (as Meta does), which the web acknowledges and the worker processes; every event
 * (`message.sent`, `.delivered`, `.read`) is delivered to a local receiver that answers at once.
 * Inbound: as many customer messages at the same rate through the sandbox, each ending as
 * `message.inbound` at the receiver. For each it prints messages a second through the whole life,
 * CPU ms per message for each process (from /proc, from the first request until the receiver
 * holds the last event), the lag from the send to the receiver holding `message.read` (p50/p99),
 * and checks that every message produced exactly its events, each delivered once.
 * BENCH_WEB_PROCESSES / BENCH_WORKER_PROCESSES run several of each.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import {
  type BenchStack,
  startBenchStack,
  WEB_PROCESSES,
  WORKER_PROCESSES,
} from "@/scripts/bench/bench-stack";
import { LifecycleReceiver } from "@/scripts/bench/lifecycle-receiver";
import { type CpuSample, cpuBetween, sampleCpu } from "@/scripts/bench/proc-cpu";
import { type Counts, countRoundTrips, countsBetween } from "@/scripts/bench/round-trips";
import { runBench } from "@/scripts/bench/run-bench";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const RECIPIENTS = 2_000;
const WEB_PORT = 3660;
const SANDBOX_PORT = 4670;
const RECEIVER_PORT = 3680;
const PHONE_NUMBER_ID = "900000000001";
/** the sandbox's status delays after a send: Meta's order of magnitude, kept short */
const STATUS_DELAYS = { sent: 50, delivered: 200, read: 1_000 };
const OUTBOUND_EVENTS = ["message.sent", "message.delivered", "message.read"];
const MAX_IN_FLIGHT = 512;

type Phase = {
  label: string;
  offered: number;
  accepted: number;
  /** messages whose whole life ended (the last event at the receiver) */
  completed: number;
  seconds: number;
  cpuPerMessage: CpuSample;
  /** PostgreSQL transactions and Redis commands a message */
  roundTrips: Counts;
  lagMs: number[];
  wrong: string[];
};

async function put(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
}

/**
 * Calls `fire(i)` RATE times a second for SECONDS, never more than MAX_IN_FLIGHT at once;
 * answers what each call returned (null for a failure) and when it started.
 */
async function paced<T>(fire: (i: number) => Promise<T | null>): Promise<{ at: number; value: T | null }[]> {
  const total = Math.round(RATE * SECONDS);
  const started = Date.now();
  const out: { at: number; value: T | null }[] = [];
  const running = new Set<Promise<void>>();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
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

async function outbound(
  stack: BenchStack,
  key: string,
  phones: string[],
  receiver: LifecycleReceiver,
): Promise<Phase> {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const countsBefore = await countRoundTrips(stack.env.DATABASE_URL as string, stack.env.REDIS_URL as string);
  const before = sampleCpu(stack.cpu);
  const sends = await paced(async (i) => {
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
  const counts = await countRoundTrips(stack.env.DATABASE_URL as string, stack.env.REDIS_URL as string);
  const first = sends[0]?.at ?? Date.now();
  const lagMs = sends.flatMap((s) => {
    const readAt = s.value ? receiver.messages.get(s.value)?.firstAt.get("message.read") : undefined;
    return readAt === undefined ? [] : [readAt - s.at];
  });
  return {
    label: "outbound (send + sent, delivered, read + 3 deliveries)",
    offered: sends.length,
    accepted: ids.length,
    completed: receiver.countWith(ids, "message.read"),
    seconds: (lastAt - first) / 1000,
    cpuPerMessage: perUnit(spent, ids.length),
    roundTrips: countsBetween(countsBefore, counts, ids.length),
    lagMs,
    wrong: receiver.mismatches(ids, OUTBOUND_EVENTS),
  };
}

async function inbound(stack: BenchStack, phones: string[], receiver: LifecycleReceiver): Promise<Phase> {
  const countsBefore = await countRoundTrips(stack.env.DATABASE_URL as string, stack.env.REDIS_URL as string);
  const before = sampleCpu(stack.cpu);
  const posts = await paced(async (i) => {
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
  const counts = await countRoundTrips(stack.env.DATABASE_URL as string, stack.env.REDIS_URL as string);
  const lagMs = posts.flatMap((p) => {
    const at = p.value ? receiver.messages.get(p.value)?.firstAt.get("message.inbound") : undefined;
    return at === undefined ? [] : [at - p.at];
  });
  return {
    label: "inbound (acknowledge + process + 1 delivery)",
    offered: posts.length,
    accepted: ids.length,
    completed: receiver.countWith(ids, "message.inbound"),
    seconds: (lastAt - (posts[0]?.at ?? Date.now())) / 1000,
    cpuPerMessage: perUnit(spent, ids.length),
    roundTrips: countsBetween(countsBefore, counts, ids.length),
    lagMs,
    wrong: receiver.mismatches(ids, ["message.inbound"]),
  };
}

function perUnit(spent: CpuSample, n: number): CpuSample {
  return Object.fromEntries(Object.entries(spent).map(([name, ms]) => [name, n > 0 ? ms / n : 0]));
}

function print(phase: Phase, lagLabel: string): void {
  const product = ["web", "worker", "postgres", "redis"];
  const total = product.reduce((sum, name) => sum + (phase.cpuPerMessage[name] ?? 0), 0);
  console.log(`\n${phase.label}`);
  console.log(
    `  ${phase.offered} offered at ${RATE}/s, ${phase.accepted} accepted, ${phase.completed} through their whole life: ` +
      `${(phase.completed / Math.max(phase.seconds, 0.001)).toFixed(1)} messages/s over ${phase.seconds.toFixed(1)} s`,
  );
  console.log(
    `  CPU ms a message: ${product.map((n) => `${n} ${(phase.cpuPerMessage[n] ?? 0).toFixed(2)}`).join(", ")}; ` +
      `total ${total.toFixed(2)} (not counted: sandbox ${(phase.cpuPerMessage.sandbox ?? 0).toFixed(2)}, load+receiver ${(phase.cpuPerMessage.load ?? 0).toFixed(2)})`,
  );
  const trips = phase.roundTrips;
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

async function main(): Promise<void> {
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
  const receiver = new LifecycleReceiver(RECEIVER_PORT);
  await receiver.start();
  const stack = await startBenchStack({ webPort: WEB_PORT, sandboxPort: SANDBOX_PORT });
  let failed = false;
  try {
    const { createOrganization } = await import("@/lib/organizations/create-organization");
    const { createApiKey } = await import("@/lib/keys/create-api-key");
    const { createChannel } = await import("@/lib/channels/create-channel");
    const { createWebhook } = await import("@/lib/webhooks/create-webhook");
    const { db } = await import("@/lib/db");
    const { closeQueues } = await import("@/lib/queues");

    await put(`${stack.sandboxUrl}/_sandbox/app`, {
      webhook_url: `${stack.baseUrl}/webhooks/whatsapp`,
      app_secret: stack.env.WHATSAPP_APP_SECRET,
      verify_token: stack.env.WHATSAPP_VERIFY_TOKEN,
      status_delays_ms: STATUS_DELAYS,
      skip_delivered_when_read_fast: false,
      pair_rate_limit: null,
      enforce_window: false,
    });
    await put(`${stack.sandboxUrl}/_sandbox/phone-numbers/${PHONE_NUMBER_ID}`, {
      waba_id: "900000000002",
      display_phone_number: "+1 555 0199",
      access_token: "bench-token",
      throughput_per_second: 1000,
    });
    const org = await createOrganization({ name: "Bench" });
    const { key } = await createApiKey({
      organizationId: org.id,
      name: "bench",
      kind: "sk",
      scopes: ["whatsapp:send"],
      perMinuteLimit: 10_000_000,
      perDayLimit: 100_000_000,
    });
    await createChannel({
      organizationId: org.id,
      name: "bench",
      phoneNumberId: PHONE_NUMBER_ID,
      wabaId: "900000000002",
      accessToken: "bench-token",
      graphUrl: `${stack.sandboxUrl}/v23.0`,
      throughputPerSecond: 1000,
    });
    await createWebhook(org.id, {
      url: `http://127.0.0.1:${RECEIVER_PORT}/hook`,
      events: [...OUTBOUND_EVENTS, "message.inbound"],
      secret: "whsec_bench_lifecycle_0123456789abcdef",
    } as Parameters<typeof createWebhook>[1]);
    const phones = Array.from(
      { length: RECIPIENTS },
      (_, i) => `+1415${String(5_000_000 + i).padStart(7, "0")}`,
    );
    // customers who wrote earlier: an open window and an open conversation each
    await db().contact.createMany({
      data: phones.map((phone) => ({ organizationId: org.id, phone, lastInboundAt: new Date() })),
    });
    await closeQueues();

    // warm-up: JIT, pools, caches; its messages are not counted
    const warm = await outboundWarmUp(stack, key, phones);
    await settle(() => receiver.countWith(warm, "message.read"), warm.length);

    const out = await outbound(stack, key, phones, receiver);
    const inb = await inbound(stack, phones, receiver);
    console.log(
      `\nbench:lifecycle — ${RATE} messages/s offered for ${SECONDS} s, ${WEB_PROCESSES} web and ${WORKER_PROCESSES} worker process(es); ` +
        `sandbox statuses after ${STATUS_DELAYS.sent}/${STATUS_DELAYS.delivered}/${STATUS_DELAYS.read} ms; receiver answers at once`,
    );
    print(out, "from the send request to the receiver holding message.read");
    print(inb, "from the customer's message to the receiver holding message.inbound");
    console.log(
      `  receiver: ${receiver.requests} requests, ${receiver.duplicates} with a delivery id seen before`,
    );
    failed = out.wrong.length > 0 || inb.wrong.length > 0 || receiver.duplicates > 0;
    await db().$disconnect();
  } finally {
    await stack.stop();
    await receiver.stop();
  }
  if (failed) process.exitCode = 1;
}

/** Five seconds of sends at the same rate before measuring; answers their message ids. */
async function outboundWarmUp(stack: BenchStack, key: string, phones: string[]): Promise<string[]> {
  const ids: string[] = [];
  const total = Math.min(RATE * 5, 1_000);
  for (let i = 0; i < total; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, total - i) }, async (_, j) => {
        const res = await fetch(`${stack.baseUrls[(i + j) % stack.baseUrls.length]}/v1/whatsapp/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({
            to: phones[(i + j) % phones.length],
            type: "text",
            text: { body: "warm-up" },
          }),
        });
        const body = (await res.json()) as { data?: { messageId?: string } };
        return body.data?.messageId ?? null;
      }),
    );
    for (const id of batch) if (id) ids.push(id);
  }
  return ids;
}

runBench(main);
