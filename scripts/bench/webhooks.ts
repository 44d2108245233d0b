/**
 * `npm run bench:webhooks`: (1) deliveries per second from the worker to a local receiver that
 * answers at once; (2) upstream notifications acknowledged per second by /webhooks/whatsapp, with
 * p99; next to a trivial route handler of the same build and a bare node:http server, in one run.
 * BENCH_SECONDS (default 30) and BENCH_DELIVERIES (default 20000) change the sizes;
 * BENCH_DELIVERY_ORDER=by-org queues one organization's backlog after another's.
 */

import { spawnSync } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { BENCH_SECRETS, startBenchStack } from "@/scripts/bench/bench-stack";
import { measure, measureCeilings, printTable } from "@/scripts/bench/measure";
import { type CpuGroups, type CpuSample, cpuBetween, sampleCpu } from "@/scripts/bench/proc-cpu";
import { runBench } from "@/scripts/bench/run-bench";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 20_000);
const ORGS = 10;
const DELIVERY_ORDER = process.env.BENCH_DELIVERY_ORDER === "by-org" ? "by-org" : "interleaved";
const WEB_PORT = 3620;
const SANDBOX_PORT = 4630;
const RECEIVER_PORT = 3640;

async function deliveriesPerSecond(
  cpu: CpuGroups,
): Promise<{ perSecond: number; seconds: number; delivered: number; cpuPerUnit: CpuSample }> {
  const { db } = await import("@/lib/db");
  const { enqueue, closeQueues } = await import("@/lib/queues");
  const { newDeliveryId } = await import("@/lib/events/record-event");
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, "127.0.0.1", resolve));

  // several organizations, each with one webhook: the per-organization in-flight cap applies to each
  const perOrg: string[][] = [];
  for (let o = 0; o < ORGS; o++) {
    const org = await db().organization.create({ data: { name: `bench ${o}` } });
    const webhook = await db().webhook.create({
      data: {
        id: `wbk_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
        organizationId: org.id,
        name: "bench",
        url: `http://127.0.0.1:${RECEIVER_PORT}/hook`,
        events: ["contact.created"],
      },
    });
    const count = Math.ceil(DELIVERIES / ORGS);
    const event = await db().event.create({
      data: {
        organizationId: org.id,
        name: "contact.created",
        data: { contactId: randomUUID(), phone: "+14155550123" },
      },
    });
    const rows = Array.from({ length: count }, () => ({
      id: newDeliveryId(),
      organizationId: org.id,
      webhookId: webhook.id,
      eventId: event.id,
    }));
    await db().delivery.createMany({ data: rows });
    perOrg.push(rows.map((r) => r.id));
  }
  // the organizations' deliveries interleaved, as events of many organizations arrive; with
  // BENCH_DELIVERY_ORDER=by-org one organization's backlog after another (the in-flight cap
  // per organization then makes most jobs step aside and come back)
  const ids =
    DELIVERY_ORDER === "by-org"
      ? perOrg.flat()
      : Array.from({ length: Math.max(...perOrg.map((l) => l.length)) }, (_, i) =>
          perOrg.map((l) => l[i]).filter((id): id is string => id !== undefined),
        ).flat();
  const started = Date.now();
  const before = sampleCpu(cpu);
  for (let i = 0; i < ids.length; i += 500) {
    await Promise.all(
      ids
        .slice(i, i + 500)
        .map((deliveryId) => enqueue("deliveries", { deliveryId }, { jobId: `${deliveryId}-1` })),
    );
  }
  const deadline = started + 600_000;
  let done = 0;
  while (Date.now() < deadline) {
    done = await db().delivery.count({ where: { id: { in: ids }, status: "succeeded" } });
    if (done >= ids.length) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (Date.now() - started) / 1000;
  const spent = cpuBetween(before, sampleCpu(cpu));
  const cpuPerUnit: CpuSample = {};
  for (const [name, ms] of Object.entries(spent)) cpuPerUnit[name] = done > 0 ? ms / done : 0;
  receiver.close();
  await closeQueues();
  return { perSecond: Math.round(done / seconds), seconds, delivered: received, cpuPerUnit };
}

function notificationBody(n: number): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "900000000002",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550199", phone_number_id: "900000000001" },
              statuses: [
                {
                  id: `wamid.bench${n}`,
                  status: "delivered",
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: "14155550123",
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

async function main(): Promise<void> {
  if (!existsSync(".next/BUILD_ID") || process.env.BENCH_BUILD === "1") {
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
  const stack = await startBenchStack({
    webPort: WEB_PORT,
    sandboxPort: SANDBOX_PORT,
    workerEnv: { DELIVERY_CONCURRENCY: "100" },
  });
  try {
    const delivery = await deliveriesPerSecond(stack.cpu);
    let n = 0;
    const sign = (body: string) => ({
      "x-hub-signature-256": `sha256=${createHmac("sha256", BENCH_SECRETS.appSecret).update(body).digest("hex")}`,
    });
    // warm-up: JIT and connection pools, as the send benchmark does
    await measure({
      label: "warm-up",
      url: stack.baseUrls.map((u) => `${u}/webhooks/whatsapp`),
      connections: 16,
      seconds: 5,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: () => notificationBody(n++),
      sign,
    });
    const acknowledgements = [];
    for (const connections of [16, 64]) {
      acknowledgements.push(
        await measure({
          label: `upstream notifications c=${connections}`,
          url: stack.baseUrls.map((u) => `${u}/webhooks/whatsapp`),
          connections,
          seconds: SECONDS,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: () => notificationBody(n++),
          sign,
          cpu: stack.cpu,
        }),
      );
    }
    const [trivial, machine] = await measureCeilings(stack.baseUrls, WEB_PORT + 1, SECONDS, stack.cpu);

    console.log(`\nbench:webhooks — ${SECONDS} s a run, one web and one worker process`);
    console.log(
      `deliveries: ${DELIVERIES} across ${ORGS} organizations (${DELIVERY_ORDER}) to a local receiver answering at once: ` +
        `${delivery.perSecond} deliveries/s (${delivery.seconds.toFixed(1)} s, ${delivery.delivered} requests received)`,
    );
    console.log(
      `deliveries: CPU ms per delivery — ${Object.entries(delivery.cpuPerUnit)
        .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
        .join(", ")}, total ${Object.values(delivery.cpuPerUnit)
        .reduce((a, b) => a + b, 0)
        .toFixed(2)} (the load generator here is the bench process's receiver)`,
    );
    printTable([...acknowledgements, trivial, machine], trivial);
  } finally {
    await stack.stop();
  }
}

runBench(main);
