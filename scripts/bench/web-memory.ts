/**
 * npm run bench:web-memory — the web process's memory with the /v1 lane on node:http (`WEB_API`
 * unset: scripts/web.ts answers /v1 itself, loading the route files through tsx beside Next's
 * bundle of the same code) against `WEB_API=next` (Next alone), alternated, BENCH_ROUNDS (2) each.
 *
 * Each run starts the bench stack (web, worker, sandbox; a database of its own), makes one
 * organization with a key of every scope, a channel on the sandbox and contacts, then sends every
 * kind of /v1 request the lane serves (lists, reads, a contact created, a message sent, the
 * OpenAPI document) until each route file is loaded, then BENCH_REQUESTS (3,000) more in the same
 * mix to reach a steady heap. It prints the web's resident memory (VmRSS, the whole process tree)
 * after start, after the first pass and at the end, and the peak (VmHWM). A measurement only:
 * nothing here fails on a figure.
 */
import { readFileSync } from "node:fs";
import { startBenchStack } from "@/scripts/bench/bench-stack";
import { runBench } from "@/scripts/bench/run-bench";
import { textingOrganization } from "@/scripts/bench/texting-org";

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3680);
const SANDBOX_PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 4690);

/** Resident and peak memory (MiB) of a set of processes, from /proc/<pid>/status. */
function memoryOf(pids: number[]): { rss: number; peak: number } {
  let rss = 0;
  let peak = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0);
      rss += kb("VmRSS");
      peak += kb("VmHWM");
    } catch {
      // gone meanwhile
    }
  }
  return { rss: rss / 1024, peak: peak / 1024 };
}

type Run = { mode: string; started: number; loaded: number; end: number; peak: number; refused: number };

async function once(mode: "node" | "next"): Promise<Run> {
  if (mode === "next") process.env.WEB_API = "next";
  else delete process.env.WEB_API;
  const stack = await startBenchStack({ webPort: WEB_PORT, sandboxPort: SANDBOX_PORT });
  try {
    const { SCOPES } = await import("@/lib/api/scopes");
    const { channelId, key, phones } = await textingOrganization(stack, {
      name: `Memory ${mode}`,
      phoneNumberId: "900000000011",
      wabaId: "900000000012",
      displayPhoneNumber: "+1 555 0198",
      scopes: Object.keys(SCOPES),
      firstPhone: 6_000_000,
      contacts: 200,
    });

    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    let n = 0;
    const requests: (() => { path: string; init?: RequestInit })[] = [
      () => ({ path: "/v1/contacts?per_page=50" }),
      () => ({ path: `/v1/contacts?search=${encodeURIComponent(phones[n % phones.length] as string)}` }),
      () => ({
        path: "/v1/contacts",
        init: {
          method: "POST",
          body: JSON.stringify({ phone: `+1415${String(7_000_000 + n).padStart(7, "0")}` }),
        },
      }),
      () => ({
        path: "/v1/whatsapp/messages",
        init: {
          method: "POST",
          body: JSON.stringify({ to: phones[n % phones.length], type: "text", text: { body: "hello" } }),
        },
      }),
      () => ({ path: "/v1/whatsapp/templates" }),
      () => ({ path: `/v1/whatsapp/channels/${channelId}/calling` }),
      () => ({ path: "/v1/whatsapp/flows" }),
      () => ({ path: "/v1/whatsapp/calls" }),
      () => ({ path: "/v1/whatsapp/broadcasts" }),
      () => ({ path: "/v1/webhooks" }),
      () => ({ path: "/v1/events" }),
      () => ({ path: "/v1/whatsapp/usage" }),
      () => ({ path: "/v1/whatsapp/channels" }),
      () => ({ path: "/v1/openapi.json" }),
    ];
    let refused = 0;
    const send = async () => {
      const make = requests[n % requests.length] as (typeof requests)[number];
      const { path, init } = make();
      n++;
      const res = await fetch(`${stack.baseUrl}${path}`, { ...init, headers });
      await res.arrayBuffer();
      if (res.status >= 500) refused++;
    };
    const web = () => stack.cpu.web?.() ?? [];
    const started = memoryOf(web()).rss;
    for (let i = 0; i < requests.length; i++) await send();
    const loaded = memoryOf(web()).rss;
    // eight at a time, the same mix
    let left = REQUESTS;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (left-- > 0) await send();
      }),
    );
    const end = memoryOf(web());
    return { mode, started, loaded, end: end.rss, peak: end.peak, refused };
  } finally {
    await stack.stop();
  }
}

async function main(): Promise<void> {
  const runs: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ["node", "next"] as const) {
      const run = await once(mode);
      runs.push(run);
      console.log(
        `${mode === "node" ? "lane (node:http)" : "WEB_API=next    "}: web RSS ${run.started.toFixed(0)} MiB at start, ` +
          `${run.loaded.toFixed(0)} after one request of each kind, ${run.end.toFixed(0)} after ${REQUESTS} more; ` +
          `peak ${run.peak.toFixed(0)} MiB; ${run.refused} answers of 5xx`,
      );
    }
  }
}

runBench(main);
