import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type GraphChannel, graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import { tokenOrigins } from "@/lib/cloud-api/graph-origins";
import { sealSecret } from "@/lib/crypto/secret-box";

// as the test stack runs (config() is read on first use, after this)
beforeAll(() => {
  process.env.ALLOW_LOOPBACK_URLS = "true";
});

type Seen = { url: string; authorization: string | undefined };
const servers: Server[] = [];

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization });
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

function channelAt(graphUrl: string): GraphChannel {
  const id = randomUUID();
  const organizationId = randomUUID();
  return { id, organizationId, graphUrl, accessTokenEnc: sealSecret("channel-token", organizationId, id) };
}

async function upstreamError(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("graphRequest through the guarded client", () => {
  it("does not quote a non-Graph answer of a host that is not Meta's (an internal service's body)", async () => {
    const internal = await serve((_, res) =>
      res.writeHead(500, { "Content-Type": "application/json" }).end('{"internal":"db-password=hunter2"}'),
    );
    const error = await upstreamError(graphRequest(channelAt(`${internal.origin}/v23.0`), "123"));
    expect(error.failure).toEqual({
      kind: "bad-response",
      httpStatus: 500,
      message: "upstream answered 500 with no Graph API error",
      maybeSent: true,
    });
    expect(error.message).not.toMatch(/hunter2/);
  });

  it("passes a real Graph error object through unchanged (details.error)", async () => {
    const graph = await serve((_, res) =>
      res
        .writeHead(400, { "Content-Type": "application/json" })
        .end('{"error":{"message":"(#131030) Recipient not allowed","type":"OAuthException","code":131030}}'),
    );
    const error = await upstreamError(graphRequest(channelAt(`${graph.origin}/v23.0`), "1/messages"));
    expect(error.failure).toMatchObject({
      kind: "rejected",
      httpStatus: 400,
      error: { message: "(#131030) Recipient not allowed", type: "OAuthException", code: 131030 },
    });
    expect(graph.seen).toEqual([{ url: "/v23.0/1/messages", authorization: "Bearer channel-token" }]);
  });

  it("does not follow a Graph redirect to an internal address, and sends the token nowhere else", async () => {
    const internal = await serve((_, res) => res.end('{"app_secret":"leaked"}'));
    const graph = await serve((_, res) =>
      res.writeHead(302, { Location: `${internal.origin}/_sandbox/app` }).end("{}"),
    );
    const error = await upstreamError(graphRequest(channelAt(`${graph.origin}/v23.0`), "123"));
    expect(error.failure).toMatchObject({ kind: "bad-response", httpStatus: 302 });
    expect(internal.seen).toHaveLength(0);
  });

  it("a connection the guard refuses provably sent nothing (unreachable, safe to retry)", async () => {
    // 0.0.0.0 reaches this machine's listeners, yet it is not a loopback address: refused
    const local = await serve((_, res) => res.end("{}"));
    const port = new URL(local.origin).port;
    const error = await upstreamError(graphRequest(channelAt(`http://0.0.0.0:${port}/v23.0`), "123"));
    expect(error.failure).toEqual({ kind: "unreachable", message: "upstream unreachable", maybeSent: false });
    expect(local.seen).toHaveLength(0);
  });

  it("Meta's token goes to graph.facebook.com and lookaside.fbsbx.com only; another Graph URL's to its own origin", () => {
    expect(tokenOrigins("https://graph.facebook.com/v23.0")).toEqual([
      "https://graph.facebook.com",
      "https://lookaside.fbsbx.com",
    ]);
    expect(tokenOrigins("http://127.0.0.1:4010/v23.0")).toEqual(["http://127.0.0.1:4010"]);
  });
});
