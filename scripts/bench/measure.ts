import { createServer, type Server } from "node:http";
import autocannon from "autocannon";
import { type CpuGroups, type CpuSample, cpuBetween, sampleCpu } from "@/scripts/bench/proc-cpu";

export type Measured = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** requests answered during the run */
  total: number;
  /** CPU ms per answered request, per process group (empty when no groups were given) */
  cpuPerUnit: CpuSample;
};

export type Target = {
  label: string;
  /** one URL, or several served by as many processes: the connections are split between them */
  url: string | string[];
  connections: number;
  seconds: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** a body per request, so that each send can go to another recipient */
  body?: () => string;
  /** headers computed from each body (signatures) */
  sign?: (body: string) => Record<string, string>;
  /** whose CPU to count during the run */
  cpu?: CpuGroups;
};

type Result = autocannon.Result;

function run(target: Target, url: string, connections: number): Promise<Result> {
  return autocannon({
    url,
    connections,
    duration: target.seconds,
    method: target.method ?? "GET",
    headers: target.headers,
    ...(target.body
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const body = target.body?.() ?? "";
                const signed = target.sign ? target.sign(body) : {};
                return { ...req, body, headers: { ...req.headers, ...signed } };
              },
            },
          ],
        }
      : {}),
  });
}

/**
 * One load run: requests per second (mean over the run), p50 and p99 latency in ms (the worst
 * of the parallel runs when there are several URLs), and the CPU each process group spent per
 * answered request, from /proc, over the same seconds.
 */
export async function measure(target: Target): Promise<Measured> {
  const urls = Array.isArray(target.url) ? target.url : [target.url];
  const groups = target.cpu ?? {};
  const before = sampleCpu(groups);
  const results = await Promise.all(
    urls.map((url, i) =>
      run(
        target,
        url,
        Math.floor(target.connections / urls.length) + (i < target.connections % urls.length ? 1 : 0),
      ),
    ),
  );
  const cpu = cpuBetween(before, sampleCpu(groups));
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const cpuPerUnit: CpuSample = {};
  for (const [name, ms] of Object.entries(cpu)) cpuPerUnit[name] = total > 0 ? ms / total : 0;
  return {
    label: target.label,
    rps: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    total,
    cpuPerUnit,
  };
}

/** The machine's ceiling: a bare node:http server answering the same JSON as /healthz. */
export async function startBareServer(port: number): Promise<Server> {
  const body = JSON.stringify({ success: true, data: { status: "ok" } });
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

/**
 * The table every benchmark prints: throughput and latency, the share of the reference run
 * (/healthz of the same build, measured in the same run), and CPU ms per request for each
 * process group with their total.
 */
export function printTable(rows: Measured[], reference?: Measured): void {
  const groups = [...new Set(rows.flatMap((r) => Object.keys(r.cpuPerUnit)))];
  const header = [
    "run",
    "req/s",
    "p50 ms",
    "p99 ms",
    "non-2xx",
    "errors",
    reference ? `vs ${reference.label}` : "",
    ...groups.map((g) => `${g} ms`),
    groups.length ? "total CPU ms" : "",
  ];
  const lines = rows.map((r) => {
    const has = Object.keys(r.cpuPerUnit).length > 0;
    const cpuTotal = Object.values(r.cpuPerUnit).reduce((a, b) => a + b, 0);
    return [
      r.label,
      String(r.rps),
      String(r.p50),
      String(r.p99),
      String(r.non2xx),
      String(r.errors),
      reference && reference.rps > 0 ? `${((r.rps / reference.rps) * 100).toFixed(0)} %` : "",
      ...groups.map((g) => (has ? (r.cpuPerUnit[g] ?? 0).toFixed(2) : "")),
      has ? cpuTotal.toFixed(2) : "",
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const fmt = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
  if (groups.length) console.log("(CPU: milliseconds per answered request, from /proc, over the same run)");
}

/** The two ceilings every benchmark reports beside its own figures, measured in the same run. */
export async function measureCeilings(
  baseUrls: string[],
  barePort: number,
  seconds: number,
  cpu?: CpuGroups,
): Promise<[Measured, Measured]> {
  const trivial = await measure({
    label: "/healthz c=64",
    url: baseUrls.map((u) => `${u}/healthz`),
    connections: 64,
    seconds,
    cpu,
  });
  const bare = await startBareServer(barePort);
  try {
    const machine = await measure({
      label: "bare node:http c=64",
      url: `http://127.0.0.1:${barePort}/`,
      connections: 64,
      seconds,
    });
    return [trivial, machine];
  } finally {
    bare.close();
  }
}
