import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { GuardedFetchError, type GuardedRequest, guardedFetch } from "@/lib/net/guarded-fetch";

type Seen = { url: string; authorization: string | undefined };
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];

/** A real HTTP server on loopback that records every request it got. */
async function serve(handler: Handler) {
  const seen: Seen[] = [];
  let closedEarly = 0;
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization });
    res.on("close", () => {
      if (!res.writableFinished) closedEarly++;
    });
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, origin: `http://127.0.0.1:${port}`, seen, closedEarly: () => closedEarly };
}

afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const base: GuardedRequest = { allowLoopback: true, timeoutMs: 5_000, maxBytes: 1024, overflow: "fail" };

async function failure(promise: Promise<unknown>): Promise<GuardedFetchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GuardedFetchError);
  return error as GuardedFetchError;
}

describe("guardedFetch: the one outbound client", () => {
  it("without ALLOW_LOOPBACK_URLS refuses loopback, as a literal and as a name resolving to it", async () => {
    const target = await serve((_, res) => res.end("internal"));
    const strict = { ...base, allowLoopback: false };
    const literal = await failure(guardedFetch(`${target.origin}/`, strict));
    expect(literal.kind).toBe("refused");
    expect(literal.notSent).toBe(true);
    const named = await failure(guardedFetch(`http://localhost:${target.port}/`, strict));
    expect(named.kind).toBe("refused");
    expect(named.message).toBe(
      "refused to connect to localhost: localhost is not a public address (loopback; set ALLOW_LOOPBACK_URLS=true for local development)",
    );
    for (const host of [
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "169.254.169.254",
      "[64:ff9b::a00:1]",
      "10.0.0.1",
    ]) {
      const error = await failure(guardedFetch(`http://${host}:${target.port}/`, strict));
      expect(error.kind, host).toBe("refused");
    }
    expect(target.seen).toHaveLength(0);
    const allowed = await guardedFetch(`http://localhost:${target.port}/`, base);
    expect(allowed.body.toString()).toBe("internal");
  });

  it("never follows a redirect: the 3xx is the answer and its target is not reached", async () => {
    const inner = await serve((_, res) => res.end("secret"));
    const outer = await serve((_, res) =>
      res.writeHead(302, { Location: `${inner.origin}/_sandbox/app` }).end(),
    );
    const res = await guardedFetch(`${outer.origin}/media`, base);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${inner.origin}/_sandbox/app`);
    expect(inner.seen).toHaveLength(0);
  });

  it("sends a credential only to the origins named for it, and refuses any other target outright", async () => {
    const graph = await serve((_, res) => res.end("{}"));
    const elsewhere = await serve((_, res) => res.end("{}"));
    const credential = { headers: { Authorization: "Bearer channel-token" }, origins: [graph.origin] };
    await guardedFetch(`${graph.origin}/v23.0/1`, { ...base, credential });
    expect(graph.seen).toEqual([{ url: "/v23.0/1", authorization: "Bearer channel-token" }]);
    const refused = await failure(guardedFetch(`${elsewhere.origin}/x`, { ...base, credential }));
    expect(refused.kind).toBe("refused");
    expect(refused.message).toMatch(/not a host the channel's credentials may be sent to/);
    // the same host on another port is another origin
    expect(elsewhere.seen).toHaveLength(0);
  });

  it("stops reading an endless answer at maxBytes instead of buffering it", async () => {
    const chunk = Buffer.alloc(16 * 1024, 120);
    let written = 0;
    const endless = await serve((_, res) => {
      res.writeHead(200, { "Content-Type": "application/octet-stream" });
      const pump = () => {
        while (!res.destroyed && written < 512 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return res.once("drain", pump);
        }
      };
      pump();
    });
    const error = await failure(guardedFetch(`${endless.origin}/`, { ...base, maxBytes: 64 * 1024 }));
    expect(error.kind).toBe("too-large");
    // the server saw its answer cut off long before it could send it all
    await expect.poll(() => endless.closedEarly()).toBe(1);
    expect(written).toBeLessThan(512 * 1024 * 1024);
  });

  it("refuses a declared Content-Length above maxBytes before reading, and truncates for a snippet reader", async () => {
    const big = await serve((_, res) =>
      res.writeHead(200, { "Content-Length": "5000" }).end("x".repeat(5_000)),
    );
    expect((await failure(guardedFetch(`${big.origin}/`, base))).kind).toBe("too-large");
    const snippet = await guardedFetch(`${big.origin}/`, { ...base, overflow: "truncate" });
    expect(snippet).toMatchObject({ status: 200, truncated: true });
    expect(snippet.body).toHaveLength(1024);
  });

  it("refuses what is not http(s) or carries user info", async () => {
    expect((await failure(guardedFetch("file:///etc/passwd", base))).kind).toBe("refused");
    expect((await failure(guardedFetch("http://user:pw@127.0.0.1:1/", base))).kind).toBe("refused");
  });
});
