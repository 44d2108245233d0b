// `npm run web`: the production web app (the build in .next) under Next's own request handler,
// on a node:http server of ours, so that stopping is graceful. `next start` keeps serving
// keep-alive connections after SIGTERM; here SIGTERM (or SIGINT) lets in-flight requests
// finish, answers them with `Connection: close`, closes idle connections, and exits within
// WEB_SHUTDOWN_TIMEOUT_MS (default 8 s) even if a request is still running then.
//
// The upstream receiver (GET and POST /webhooks/whatsapp) is answered here on node:http, before
// Next.js: machine-to-machine, no cookie, page or proxy rule applies to it, and Next's own
// per-request work cost more than the acknowledgement (issue 33). WEB_RECEIVER=next sends it
// through Next's route instead (the same functions; for comparison: npm run bench:receiver).
// The /v1 API is answered here too, by its route files under app/v1 called directly
// (lib/api/serve-on-node.ts says what the lane takes and what it leaves to Next); WEB_API=next
// sends it through Next instead (for comparison: npm run bench:send).
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { loadApiRoutes, matchApiRequest, serveApiRequest } from "@/lib/api/serve-on-node";
import { isUpstreamReceiverRequest, serveUpstreamReceiver } from "@/lib/inbound/serve-upstream-receiver";
import { securityHeaders } from "@/lib/security-headers";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 3000);
// all interfaces, as `next start` does (not $HOSTNAME: containers set it to their own id)
const hostname = process.env.WEB_HOST || undefined;
const shutdownTimeoutMs = Number(process.env.WEB_SHUTDOWN_TIMEOUT_MS ?? 8_000);

const receiverOnNode = process.env.WEB_RECEIVER !== "next";
const apiRoutes = process.env.WEB_API === "next" ? null : loadApiRoutes(join(root, "app"));

/** The headers Next adds to every answer, as this build fixed them (next.config.ts's headers()). */
function buildHeaders(): { key: string; value: string }[] {
  try {
    const manifest = JSON.parse(readFileSync(join(root, ".next", "routes-manifest.json"), "utf8")) as {
      headers?: { source: string; headers: { key: string; value: string }[] }[];
    };
    const all = manifest.headers?.find((h) => h.source === "/:path*");
    if (all) return all.headers;
  } catch {}
  return securityHeaders(process.env);
}
const everyAnswer = buildHeaders();

const app = next({ dev: false, dir: root, port, hostname: hostname ?? "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

let draining = false;
const inFlight = new Set<ServerResponse>();
const server = createServer((req, res) => {
  inFlight.add(res);
  res.once("close", () => inFlight.delete(res));
  if (draining) res.setHeader("Connection", "close");
  if (receiverOnNode && isUpstreamReceiverRequest(req)) {
    serveUpstreamReceiver(req, res, everyAnswer).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500).end();
    });
    return;
  }
  const api = apiRoutes && matchApiRequest(apiRoutes, req);
  if (api) {
    serveApiRequest(api, req, res, everyAnswer)
      .then((served) => (served ? undefined : handle(req, res)))
      .catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500).end();
      });
    return;
  }
  handle(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end();
  });
});
// an idle keep-alive connection stays open longer than clients keep theirs (fetch/undici: 4 s;
// load balancers: 60 s), so that a client never sends a request on a connection the server is
// closing at that moment ("other side closed"): node's default of 5 s left that race open to a
// client whose timers run late on a busy machine
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
await new Promise<void>((done) => server.listen(port, hostname, done));
console.log(`web: ready on http://${hostname ?? "localhost"}:${port}`);

function stop(signal: NodeJS.Signals): void {
  if (draining) return;
  draining = true;
  console.log(`web: ${signal}, finishing ${inFlight.size} request(s), then exiting`);
  // answers still to come close their connection; idle keep-alive connections close now and
  // as each in-flight answer completes (a client may not reuse a connection we are closing)
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const force = setTimeout(() => server.closeAllConnections(), shutdownTimeoutMs);
  server.close(() => {
    clearInterval(sweep);
    clearTimeout(force);
    app
      .close()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(0));
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
