/**
 * `npm run bench:receiver`: what WhatsApp's acknowledgement of a customer's message costs, with
 * the upstream receiver on node:http before Next.js (scripts/web.ts, the default) against the same
 * receiver through Next's route (WEB_RECEIVER=next, a second web process on the same database,
 * Redis and worker), in /healthz units measured in the same run. Requests come paced at RATE a
 * second (never waiting for the previous answer), each a signed `messages` notification of a
 * customer's text to a channel of ours; ROUNDS rounds alternate the three, and the medians are
 * printed: the web's CPU a request, and the whole cost of a message (web, worker, PostgreSQL and
 * Redis: acknowledged, stored, processed into a contact, a conversation and a message; no webhook
 * is registered, so no delivery is made).
 */
import { spawnSync } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { startBenchStack } from "@/scripts/bench/bench-stack";
import { type CpuGroups, cpuBetween, sampleCpu, withDescendants } from "@/scripts/bench/proc-cpu";
import { runBench } from "@/scripts/bench/run-bench";
import { startProcess, stopProcess, waitFor } from "@/scripts/test/processes";

const WEB_PORT = 3860;
const NEXT_WEB_PORT = 3870;
const SANDBOX_PORT = 4870;
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PHONE_NUMBER_ID = "900000000031";
const WABA_ID = "900000000032";
const CUSTOMERS = 200;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function notification(i: number): string {
  const from = `1415${String(6_000_000 + (i % CUSTOMERS)).padStart(7, "0")}`;
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550199", phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: "Bench Customer" }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.bench.${randomUUID()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: "text",
                  text: { body: `message ${i}` },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/** `n` requests, one every 1000/RATE ms; fails the run on any answer but 200. */
async function paced(request: (i: number) => Promise<Response>): Promise<number> {
  const n = RATE * SECONDS;
  const started = Date.now();
  const all: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const wait = started + (i * 1000) / RATE - Date.now();
    if (wait > 0) await sleep(wait);
    all.push(
      request(i).then(async (res) => {
        const text = await res.text();
        if (res.status !== 200) throw new Error(`answered ${res.status}: ${text.slice(0, 200)}`);
      }),
    );
  }
  await Promise.all(all);
  return n;
}

type Cost = { web: number; whole: number };

async function measure(
  groups: CpuGroups,
  webGroup: string,
  request: (i: number) => Promise<Response>,
  settle: () => Promise<void>,
): Promise<Cost> {
  await sleep(1_000);
  const before = sampleCpu(groups);
  const n = await paced(request);
  await settle();
  const spent = cpuBetween(before, sampleCpu(groups));
  const whole = ["worker", "postgres", "redis"].reduce(
    (sum, k) => sum + (spent[k] ?? 0),
    spent[webGroup] ?? 0,
  );
  return { web: (spent[webGroup] ?? 0) / n, whole: whole / n };
}

async function main(): Promise<void> {
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
  const stack = await startBenchStack({ webPort: WEB_PORT, sandboxPort: SANDBOX_PORT });
  const viaNext = startProcess("web-next", process.execPath, ["--import", "tsx", "scripts/web.ts"], {
    ...process.env,
    ...stack.env,
    PORT: String(NEXT_WEB_PORT),
    WEB_RECEIVER: "next",
  });
  const nextUrl = `http://127.0.0.1:${NEXT_WEB_PORT}`;
  try {
    await waitFor(async () => (await fetch(`${nextUrl}/healthz`)).ok, "the second web process");
    const { createOrganization } = await import("@/lib/organizations/create-organization");
    const { createChannel } = await import("@/lib/channels/create-channel");
    const { db } = await import("@/lib/db");
    const org = await createOrganization({ name: "Bench receiver" });
    await createChannel({
      organizationId: org.id,
      name: "bench",
      phoneNumberId: PHONE_NUMBER_ID,
      wabaId: WABA_ID,
      accessToken: "bench-token",
      graphUrl: `${stack.sandboxUrl}/v23.0`,
      throughputPerSecond: 1000,
    });
    const groups: CpuGroups = {
      ...stack.cpu,
      next: () => (viaNext.child.pid ? withDescendants(viaNext.child.pid) : []),
    };
    const secret = stack.env.WHATSAPP_APP_SECRET as string;
    const post = (base: string) => (i: number) => {
      const body = notification(i);
      return fetch(`${base}/webhooks/whatsapp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
        },
        body,
      });
    };
    // every stored notification processed before a window closes, so each window pays its own
    const processed = async () => {
      for (;;) {
        const rows = await db().$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM upstream_notifications WHERE processed_at IS NULL`;
        if ((rows[0]?.n ?? 0) === 0) return;
        await sleep(200);
      }
    };
    const none = async () => undefined;
    // warm-up of both paths and of /healthz: JIT, pools, caches
    for (let i = 0; i < 300; i++) {
      await (await post(stack.baseUrl)(i)).text();
      await (await post(nextUrl)(i)).text();
      await (await fetch(`${stack.baseUrl}/healthz`)).text();
    }
    await processed();
    const results = { healthz: [] as number[], node: [] as Cost[], next: [] as Cost[] };
    for (let round = 0; round < ROUNDS; round++) {
      results.healthz.push((await measure(groups, "web", () => fetch(`${stack.baseUrl}/healthz`), none)).web);
      results.node.push(await measure(groups, "web", post(stack.baseUrl), processed));
      results.next.push(await measure(groups, "next", post(nextUrl), processed));
    }
    const healthz = median(results.healthz);
    const row = (label: string, costs: Cost[]) => {
      const web = median(costs.map((c) => c.web));
      const whole = median(costs.map((c) => c.whole));
      return `  ${label.padEnd(34)} web ${web.toFixed(2)} ms (${(web / healthz).toFixed(2)} /healthz), whole ${whole.toFixed(2)} ms (${(whole / healthz).toFixed(2)} /healthz)`;
    };
    console.log(`\nbench:receiver (${RATE} a second, ${SECONDS} s a window, medians of ${ROUNDS} rounds)`);
    console.log(`  /healthz                           web ${healthz.toFixed(2)} ms a request`);
    console.log(row("receiver on node:http (default)", results.node));
    console.log(row("receiver through Next's route", results.next));
  } finally {
    await stopProcess(viaNext);
    await stack.stop();
  }
}

runBench(main);
