import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { postWebhook } from "@/lib/webhooks/post-webhook";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];

async function serve(handler: Handler): Promise<{ port: number; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, hits: () => hits };
}

afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const post = (url: string, allowLoopback: boolean, timeoutMs = 2_000) =>
  postWebhook(new URL(url), '{"a":1}', { "Content-Type": "application/json" }, { allowLoopback, timeoutMs });

describe("postWebhook", () => {
  it("connects to a loopback name only when loopback is allowed: the connected address is checked", async () => {
    const target = await serve((_, res) => res.end("ok"));
    const refused = await post(`http://localhost:${target.port}/hook`, false);
    expect(refused.statusCode).toBeNull();
    expect(refused.error).toMatch(/refused to connect to localhost/);
    const literal = await post(`http://127.0.0.1:${target.port}/hook`, false);
    expect(literal.error).toMatch(/loopback/);
    expect(target.hits()).toBe(0);
    const allowed = await post(`http://localhost:${target.port}/hook`, true);
    expect(allowed).toMatchObject({ statusCode: 200, error: null, snippet: "ok" });
    expect(target.hits()).toBe(1);
  });

  it("does not follow a redirect, to a private address or anywhere", async () => {
    const inner = await serve((_, res) => res.end("secret"));
    const outer = await serve((_, res) =>
      res.writeHead(302, { Location: `http://127.0.0.1:${inner.port}/latest/meta-data` }).end(),
    );
    const result = await post(`http://127.0.0.1:${outer.port}/hook`, true);
    expect(result.statusCode).toBe(302);
    expect(result.error).toMatch(/redirects are not followed/);
    expect(inner.hits()).toBe(0);
  });

  it("keeps the first 1 KB of the answer and gives up after the timeout", async () => {
    const big = await serve((_, res) => res.writeHead(500).end("x".repeat(5_000)));
    const result = await post(`http://127.0.0.1:${big.port}/`, true);
    expect(result).toMatchObject({ statusCode: 500, error: "answered 500" });
    expect(result.snippet).toHaveLength(1024);
    const silent = await serve(() => undefined);
    const timedOut = await post(`http://127.0.0.1:${silent.port}/`, true, 300);
    expect(timedOut).toMatchObject({ statusCode: null, error: "no answer within 0.3 s" });
    expect(timedOut.durationMs).toBeGreaterThanOrEqual(290);
  });

  it("a 200 whose body never ends still counts as answered when the time is up", async () => {
    const slow = await serve((_, res) => {
      res.writeHead(200);
      res.write("partial");
    });
    const result = await post(`http://127.0.0.1:${slow.port}/`, true, 300);
    expect(result).toMatchObject({ statusCode: 200, error: null, snippet: "partial" });
  });

  it("reports a refused connection", async () => {
    const gone = await serve((_, res) => res.end());
    const port = gone.port;
    for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
    const result = await post(`http://127.0.0.1:${port}/`, true);
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/ECONNREFUSED/);
  });
});
