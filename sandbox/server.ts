import { realpathSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import type { Ctx } from "@/sandbox/context";
import { errors } from "@/sandbox/errors";
import { GraphError } from "@/sandbox/graph-error";
import { json, type Reply, readRequest, writeReply } from "@/sandbox/http";
import { createLogger } from "@/sandbox/logger";
import { loadState, type Saver, stateSaver } from "@/sandbox/persistence";
import { route } from "@/sandbox/router";
import { clearTimers, closeCallPeers, createState, type SandboxState } from "@/sandbox/state";

export type Sandbox = { url: string; port: number; state: SandboxState; close: () => Promise<void> };

async function handle(
  ctx: Ctx,
  req: IncomingMessage,
  res: ServerResponse,
  saver: Saver | null,
): Promise<void> {
  let reply: Reply;
  try {
    reply = await route(ctx, await readRequest(req));
  } catch (error) {
    if (error instanceof GraphError) {
      reply = json(error.status, error.body, error.headers);
    } else {
      if (ctx.state.shutdown.signal.aborted) return;
      ctx.log.error({ err: error, url: req.url }, "sandbox request failed");
      const unknown = errors.unknown();
      reply = json(unknown.status, unknown.body);
    }
  }
  try {
    writeReply(res, reply, req.method === "HEAD");
  } catch (error) {
    // a reply Node refuses to write (e.g. a header value it cannot encode) is a 500, not a crash
    ctx.log.error({ err: error, url: req.url }, "sandbox reply could not be written");
    const unknown = errors.unknown();
    if (!res.headersSent) writeReply(res, json(unknown.status, unknown.body), false);
    else res.destroy();
  }
  // every change to the state comes through a request that is not a read
  if (req.method !== "GET" && req.method !== "HEAD") saver?.changed();
  ctx.log.debug({ method: req.method, url: req.url, status: reply.status }, "sandbox request");
}

/** Catch-all: whatever one request does, the sandbox process keeps serving the others. */
function handleSafely(ctx: Ctx, req: IncomingMessage, res: ServerResponse, saver: Saver | null): void {
  handle(ctx, req, res, saver).catch((error: unknown) => {
    ctx.log.error({ err: error, url: req.url }, "sandbox request crashed");
    try {
      res.writeHead(500, { "content-type": "application/json; charset=UTF-8" });
      res.end(JSON.stringify(errors.unknown().body));
    } catch {
      res.destroy();
    }
  });
}

/**
 * Start a sandbox upstream; port 0 picks a free port. Each sandbox has its own state, kept in
 * memory, and with `dataDir` also on disk across restarts (sandbox/persistence.ts).
 */
export async function startSandbox(
  options: { port?: number; host?: string; logLevel?: string; dataDir?: string } = {},
): Promise<Sandbox> {
  const host = options.host ?? "127.0.0.1";
  const state = createState();
  const ctx: Ctx = { state, log: createLogger(options.logLevel) };
  let saver: Saver | null = null;
  if (options.dataDir) {
    if (loadState(state, options.dataDir, ctx.log))
      ctx.log.info({ dir: options.dataDir }, "sandbox state loaded");
    saver = stateSaver(state, options.dataDir, ctx.log);
  }
  const server = createServer((req, res) => handleSafely(ctx, req, res, saver));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    state,
    close: async () => {
      state.shutdown.abort();
      clearTimers(state);
      closeCallPeers(state);
      saver?.flush();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function startedFromCommandLine(): boolean {
  const script = process.argv[1];
  return script !== undefined && import.meta.url === pathToFileURL(realpathSync(script)).href;
}

if (startedFromCommandLine()) {
  const port = Number(process.env.SANDBOX_PORT ?? 4010);
  const sandbox = await startSandbox({
    port,
    host: process.env.SANDBOX_HOST ?? "127.0.0.1",
    // the start command sets it (.data/sandbox); unset, the state lives in memory only
    dataDir: process.env.SANDBOX_DATA_DIR || undefined,
  });
  const log = createLogger();
  // last resort: work a request scheduled for later (notifications, statuses) must not end the demo
  process.on("uncaughtException", (err) => log.error({ err }, "sandbox error outside a request"));
  process.on("unhandledRejection", (err) => log.error({ err }, "sandbox error outside a request"));
  log.info({ url: sandbox.url }, "sandbox upstream (WhatsApp Cloud API stand-in) listening");
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void sandbox.close().then(() => process.exit(0));
    });
  }
}
