import { createServer, type Server } from "node:http";
import autocannon from "autocannon";

export type Measured = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

export type Target = {
  label: string;
  url: string;
  connections: number;
  seconds: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** a body per request, so that each send can go to another recipient */
  body?: () => string;
  /** headers computed from each body (signatures) */
  sign?: (body: string) => Record<string, string>;
};

/** One autocannon run: requests per second (mean over the run), p50 and p99 latency in ms. */
export async function measure(target: Target): Promise<Measured> {
  const result = await autocannon({
    url: target.url,
    connections: target.connections,
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
  return {
    label: target.label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
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

export function printTable(rows: Measured[], reference?: Measured): void {
  const header = [
    "run",
    "req/s",
    "p50 ms",
    "p99 ms",
    "non-2xx",
    "errors",
    reference ? `vs ${reference.label}` : "",
  ];
  const lines = rows.map((r) => [
    r.label,
    String(r.rps),
    String(r.p50),
    String(r.p99),
    String(r.non2xx),
    String(r.errors),
    reference && reference.rps > 0 ? `${((r.rps / reference.rps) * 100).toFixed(0)} %` : "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const fmt = (cols: string[]) => cols.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
}

/** The two ceilings every benchmark reports beside its own figures, measured in the same run. */
export async function measureCeilings(
  baseUrl: string,
  barePort: number,
  seconds: number,
): Promise<[Measured, Measured]> {
  const trivial = await measure({
    label: "trivial handler c=64",
    url: `${baseUrl}/healthz`,
    connections: 64,
    seconds,
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
