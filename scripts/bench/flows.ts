/**
 * `npm run bench:flows`: the hosted WhatsApp Flows data endpoint (/flows/endpoint/{channelId},
 * lib/flow-endpoint/answer-data-request.ts) against a business receiver that answers at once
 * (node:http on loopback). Requests are made here as WhatsApp's client makes them (Meta's
 * "Implementing your Flow endpoint": a fresh AES-128 key and 16-byte IV, the payload under
 * AES-128-GCM with its tag appended, the key under RSA-OAEP-SHA256 with the public key the
 * product uploaded, the body signed in X-Hub-Signature-256), all built before the clock starts,
 * and every 200 answer is decrypted with the flipped IV and compared with the receiver's answer.
 *
 * Prints: requests a second with CONCURRENCY requests in flight; at a paced RATE a second, the
 * round trip's p50/p99 through the endpoint and straight to the receiver, and the product's added
 * share (endpoint minus receiver, per percentile), beside the server's own measure of it (the
 * mean of /metrics' messaging_flow_endpoint_overhead_seconds), and /healthz at the same rate as the
 * framework's floor on this machine at this moment. Exits non-zero only when a request
 * fails (a status other than 200, or an answer that does not decrypt to the receiver's), never
 * on a timing.
 */
import { spawnSync } from "node:child_process";
import { createDecipheriv, createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { encryptFlowRequest } from "@/sandbox/flows/data-exchange";
import { startBenchStack } from "@/scripts/bench/bench-stack";
import { type CpuGroups, cpuBetween, sampleCpu } from "@/scripts/bench/proc-cpu";
import { runBench } from "@/scripts/bench/run-bench";

const WEB_PORT = 3880;
const SANDBOX_PORT = 4880;
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PHONE_NUMBER_ID = "900000000041";
const WABA_ID = "900000000042";
const TOKEN = "bench-flows-token";
const METRICS_TOKEN = "bench-flows-metrics-token";
const ANSWER = JSON.stringify({ screen: "SLOTS", data: { slots: ["09:00", "10:30", "14:00"] } });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

type Prepared = { raw: string; signature: string; aesKey: Buffer; iv: Buffer };

function prepare(publicKey: string, secret: string, i: number): Prepared {
  const payload = {
    version: "3.0",
    action: "data_exchange",
    screen: "DAY",
    data: { day: "2026-12-01" },
    flow_token: `bench-${i}`,
  };
  const { raw, aesKey, iv } = encryptFlowRequest(payload, publicKey);
  return { raw, signature: `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`, aesKey, iv };
}

function decryptAnswer(text: string, p: Prepared): string {
  const bytes = Buffer.from(text, "base64");
  const flipped = Buffer.from(p.iv.map((b) => ~b & 0xff));
  const decipher = createDecipheriv("aes-128-gcm", p.aesKey, flipped);
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
    "utf8",
  );
}

let failures = 0;

/** One request through the endpoint; answers its round trip in ms, or counts a failure. */
async function call(url: string, p: Prepared): Promise<number | null> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": p.signature },
      body: p.raw,
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`answered ${res.status}: ${text.slice(0, 200)}`);
    if (JSON.stringify(JSON.parse(decryptAnswer(text, p))) !== ANSWER) throw new Error("wrong answer");
    return ms;
  } catch (error) {
    failures++;
    if (failures <= 5) console.error(`request failed: ${String(error)}`);
    return null;
  }
}

async function direct(url: string): Promise<number | null> {
  const started = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  await res.text();
  return res.status === 200 ? performance.now() - started : null;
}

/** `n` calls, one every 1000/RATE ms, never waiting for the previous answer. */
async function paced(n: number, one: (i: number) => Promise<number | null>): Promise<number[]> {
  const started = Date.now();
  const all: Promise<number | null>[] = [];
  for (let i = 0; i < n; i++) {
    const wait = started + (i * 1000) / RATE - Date.now();
    if (wait > 0) await sleep(wait);
    all.push(one(i));
  }
  return (await Promise.all(all)).filter((x): x is number => x !== null);
}

async function overheadMean(baseUrl: string): Promise<{ sum: number; count: number }> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const read = (suffix: string) =>
    text
      .split("\n")
      .filter((l) =>
        l.startsWith(
          `messaging_flow_endpoint_overhead_seconds_${suffix}{action="data_exchange",status="200"}`,
        ),
      )
      .reduce((s, l) => s + Number(l.split(" ").at(-1)), 0);
  return { sum: read("sum"), count: read("count") };
}

async function main(): Promise<void> {
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(ANSWER));
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/flows`;
  // the web process inherits it (startBenchStack passes this process's environment on)
  process.env.METRICS_TOKEN = METRICS_TOKEN;
  const stack = await startBenchStack({ webPort: WEB_PORT, sandboxPort: SANDBOX_PORT });
  try {
    const put = await fetch(`${stack.sandboxUrl}/_sandbox/phone-numbers/${PHONE_NUMBER_ID}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ waba_id: WABA_ID, display_phone_number: "+1 555 0141", access_token: TOKEN }),
    });
    if (!put.ok) throw new Error(`sandbox number: ${put.status}`);
    const { createOrganization } = await import("@/lib/organizations/create-organization");
    const { createChannel } = await import("@/lib/channels/create-channel");
    const { updateFlowEndpoint } = await import("@/lib/flow-endpoint/update-flow-endpoint");
    const org = await createOrganization({ name: "Bench flows" });
    const channel = await createChannel({
      organizationId: org.id,
      name: "bench flows",
      phoneNumberId: PHONE_NUMBER_ID,
      wabaId: WABA_ID,
      accessToken: TOKEN,
      graphUrl: `${stack.sandboxUrl}/v23.0`,
    });
    const settings = await updateFlowEndpoint(org.id, channel.id, { receiver_url: receiverUrl });
    if (!settings.public_key) throw new Error(`no key uploaded: ${settings.key_upload_error}`);
    const publicKey = settings.public_key;
    const secret = stack.env.WHATSAPP_APP_SECRET as string;
    const endpoint = settings.endpoint_url;
    const n = RATE * SECONDS;
    const build = (count: number, from: number) =>
      Array.from({ length: count }, (_, i) => prepare(publicKey, secret, from + i));

    // warm-up: JIT, pools, the key cache
    for (const p of build(200, 0)) await call(endpoint, p);
    for (let i = 0; i < 200; i++) await direct(receiverUrl);

    // requests a second, CONCURRENCY in flight
    const closed = build(Math.max(n, CONCURRENCY * 100), 1_000);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < closed.length; i = next++) await call(endpoint, closed[i] as Prepared);
      }),
    );
    const perSecond = closed.length / ((performance.now() - started) / 1000);

    // the product's added share at a paced rate
    const before = await overheadMean(stack.baseUrl);
    const timed = build(n, 100_000);
    const web: CpuGroups = { web: stack.cpu.web ?? (() => []) };
    const cpuBefore = sampleCpu(web);
    const viaEndpoint = await paced(n, (i) => call(endpoint, timed[i] as Prepared));
    const endpointCpu = (cpuBetween(cpuBefore, sampleCpu(web)).web ?? 0) / n;
    const after = await overheadMean(stack.baseUrl);
    const straight = await paced(n, () => direct(receiverUrl));
    // the framework's floor in the same run: a trivial route of the same web process
    const healthzBefore = sampleCpu(web);
    const healthz = await paced(n, async () => {
      const t = performance.now();
      const res = await fetch(`${stack.baseUrl}/healthz`);
      await res.text();
      return res.ok ? performance.now() - t : null;
    });
    const healthzCpu = (cpuBetween(healthzBefore, sampleCpu(web)).web ?? 0) / n;
    const serverMean = ((after.sum - before.sum) / Math.max(1, after.count - before.count)) * 1000;

    const p = (xs: number[], q: number) => quantile(xs, q).toFixed(2);
    console.log(`\nbench:flows (data_exchange, receiver answering at once on loopback)`);
    console.log(
      `  throughput, ${CONCURRENCY} in flight          ${perSecond.toFixed(0)} requests a second (${closed.length} requests)`,
    );
    console.log(`  at ${RATE} a second for ${SECONDS} s:`);
    console.log(
      `    through the endpoint             p50 ${p(viaEndpoint, 0.5)} ms, p99 ${p(viaEndpoint, 0.99)} ms`,
    );
    console.log(
      `    straight to the receiver         p50 ${p(straight, 0.5)} ms, p99 ${p(straight, 0.99)} ms`,
    );
    console.log(
      `    the product's added share        p50 ${(quantile(viaEndpoint, 0.5) - quantile(straight, 0.5)).toFixed(2)} ms, p99 ${(quantile(viaEndpoint, 0.99) - quantile(straight, 0.99)).toFixed(2)} ms`,
    );
    console.log(`    server's own measure (/metrics)  mean ${serverMean.toFixed(2)} ms a request`);
    console.log(`    /healthz of the same web process p50 ${p(healthz, 0.5)} ms, p99 ${p(healthz, 0.99)} ms`);
    console.log(
      `    web CPU a request                ${endpointCpu.toFixed(2)} ms (/healthz ${healthzCpu.toFixed(2)} ms: ${(endpointCpu / Math.max(0.001, healthzCpu)).toFixed(2)} /healthz units)`,
    );
    console.log(`  failed requests: ${failures}`);
    if (failures > 0) process.exitCode = 1;
  } finally {
    await stack.stop();
    receiver.close();
  }
}

runBench(main);
