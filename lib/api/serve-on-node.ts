import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, sep } from "node:path";
import { Duplex } from "node:stream";
import { pathToFileURL } from "node:url";
import compression from "compression";
import { bodyFromNode } from "@/lib/api/read-body";
import { logger } from "@/lib/logger";
import { countNodeAnswer } from "@/lib/metrics/record";

/**
 * The /v1 API on node:http (issue 33): scripts/web.ts hands a /v1 request to the route file that
 * Next.js would run for it, before Next sees it. The route files under app/v1 stay the one
 * declaration of every endpoint (their `apiRoute` wrapper: key, rate limit, scope, body bound,
 * idempotency, validation, envelope); what is skipped is Next's own per-request work (routing,
 * render-server hop, web-stream piping), which cost a send more CPU than the wrapper does.
 *
 * The lane takes only what it answers exactly as Next would, and hands everything else to Next:
 * - the methods a route file exports (GET, POST, PUT, PATCH, DELETE): HEAD and OPTIONS, which Next
 *   derives from a file's exports, go to Next;
 * - a path of plain segments (RFC 3986 `pchar`s without `%`): a percent-encoded, empty, `.` or
 *   `..` segment, a trailing slash, or an absolute-form target go to Next (proxy.ts and Next's own
 *   decoding answer those);
 * - a route file's path, a static segment before a `[param]` at each level, as Next ranks them;
 *   no catch-all (`[[...path]]` is the API's 404, answered by Next).
 *
 * The answer gets what Next adds to every answer: the build's headers (`everyAnswer`) and the same
 * compression (the `compression` package at 1.7.5, the version Next's server compiles in: a body of
 * 1 KB or more is gzipped for a client that accepts it unless its Cache-Control says
 * `no-transform`; 1.8 answers brotli where Next answers gzip, so package.json pins it). Not copied:
 * the `Vary: rsc, next-router-*` Next puts on every App Router answer, a cache key for its pages'
 * flight data that no /v1 answer has.
 */

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => unknown;
type RouteModule = Partial<Record<string, unknown>>;

type Node = { statics: Map<string, Node>; param?: { name: string; node: Node }; file?: string };

export type ApiMatch = { file: string; params: Record<string, string> };

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
/** RFC 3986 pchar without pct-encoded: unreserved, sub-delims, ':' and '@' */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=:@-]+$/;
const PARAM = /^\[([A-Za-z][A-Za-z0-9_]*)\]$/;
/** a Host header that names a host (and port), nothing else: anything else gives `localhost` */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

function emptyNode(): Node {
  return { statics: new Map() };
}

/**
 * The route files under `appDir`/v1 as a tree of segments. Route groups and catch-alls are not
 * served here: a folder holding one is skipped (with what is under it), so its paths stay Next's.
 */
export function loadApiRoutes(appDir: string): Node {
  const root = emptyNode();
  const v1 = join(appDir, "v1");
  const files = readdirSync(v1, { recursive: true, encoding: "utf8" }).filter(
    (entry) => entry === "route.ts" || entry.endsWith(`${sep}route.ts`),
  );
  for (const entry of files) {
    const folders = entry.split(sep).slice(0, -1);
    let node = root;
    let served = true;
    for (const folder of folders) {
      const name = PARAM.exec(folder)?.[1];
      if (name) {
        // Next refuses two names for one dynamic level at build time; were it to allow them, the
        // second would stay Next's
        const param: { name: string; node: Node } = node.param ?? { name, node: emptyNode() };
        node.param = param;
        if (param.name !== name) {
          served = false;
          break;
        }
        node = param.node;
      } else if (PLAIN_SEGMENT.test(folder) && !folder.startsWith("(") && !folder.startsWith("[")) {
        let next = node.statics.get(folder);
        if (!next) {
          next = emptyNode();
          node.statics.set(folder, next);
        }
        node = next;
      } else {
        served = false;
        break;
      }
    }
    if (served) node.file = join(v1, entry);
  }
  return root;
}

function walk(node: Node, segments: string[], at: number, params: Record<string, string>): string | null {
  const segment = segments[at];
  if (segment === undefined) return node.file ?? null;
  const exact = node.statics.get(segment);
  if (exact) {
    const found = walk(exact, segments, at + 1, params);
    if (found) return found;
  }
  const param = node.param;
  if (param) {
    params[param.name] = segment;
    const found = walk(param.node, segments, at + 1, params);
    if (found) return found;
    delete params[param.name];
  }
  return null;
}

/** The route file and path parameters for a /v1 request the lane answers, else null (Next's). */
export function matchApiRequest(routes: Node, req: IncomingMessage): ApiMatch | null {
  const method = req.method ?? "";
  const url = req.url ?? "";
  if (!METHODS.has(method) || !url.startsWith("/v1/")) return null;
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  const segments = path.slice(1).split("/");
  for (const segment of segments) {
    if (!PLAIN_SEGMENT.test(segment) || segment === "." || segment === "..") return null;
  }
  const params: Record<string, string> = {};
  const file = walk(routes, segments.slice(1), 0, params);
  return file ? { file, params } : null;
}

const modules = new Map<string, Promise<RouteModule>>();

/** A route file's module, imported on its first request (the web starts as fast as before). */
function routeModule(file: string): Promise<RouteModule> {
  let loading = modules.get(file);
  if (!loading) {
    loading = import(pathToFileURL(file).href) as Promise<RouteModule>;
    modules.set(file, loading);
    loading.catch(() => modules.delete(file));
  }
  return loading;
}

/** The web Request a route handler reads: Next's shape, with the body left in the node request. */
function webRequest(req: IncomingMessage, path: string): Request | null {
  const host = req.headers.host && PLAIN_HOST.test(req.headers.host) ? req.headers.host : "localhost";
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const one of value) headers.append(name, one);
      else headers.set(name, value);
    }
    const request = new Request(`http://${host}${req.url}`, { method: req.method, headers });
    // the handler reads the same path the route was chosen by, or Next decides
    if (new URL(request.url).pathname !== path) return null;
    return bodyFromNode(request, req);
  } catch {
    return null;
  }
}

/**
 * Answers a matched /v1 request: false when the lane leaves it to Next after all (a route file
 * without that method, a request a web Request cannot carry), before anything is read or written.
 */
export async function serveApiRequest(
  match: ApiMatch,
  req: IncomingMessage,
  res: ServerResponse,
  everyAnswer: readonly { key: string; value: string }[],
): Promise<boolean> {
  const handler = (await routeModule(match.file))[req.method ?? ""];
  if (typeof handler !== "function") return false;
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const request = webRequest(req, query === -1 ? url : url.slice(0, query));
  if (!request) return false;
  let response: Response;
  try {
    response = (await (handler as Handler)(request, { params: Promise.resolve(match.params) })) as Response;
  } catch (err) {
    // apiRoute answers every error itself: reaching here is a fault of ours, as under Next
    logger.error({ err, path: url }, "route handler failed");
    if (!res.headersSent) res.writeHead(500).end();
    return true;
  }
  countNodeAnswer("api");
  await writeResponse(response, req, res, everyAnswer);
  return true;
}

const compress = compression();

async function writeResponse(
  response: Response,
  req: IncomingMessage,
  res: ServerResponse,
  everyAnswer: readonly { key: string; value: string }[],
): Promise<void> {
  compress(req as never, res as never, () => {});
  res.once("close", () => {
    if (!res.writableFinished) releaseCompressionStream(res);
  });
  res.statusCode = response.status;
  for (const h of everyAnswer) res.setHeader(h.key, h.value);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  let gone = false;
  res.once("close", () => {
    gone = true;
    reader.cancel().catch(() => {});
  });
  try {
    const first = await reader.read();
    if (first.done) {
      res.end();
      return;
    }
    const second = await reader.read();
    // the usual answer, one chunk: written at once (compression then knows its length, as it
    // would a Content-Length)
    if (second.done) {
      res.end(first.value);
      return;
    }
    res.write(first.value);
    let next: ReadableStreamReadResult<Uint8Array> = second;
    while (!next.done && !gone) {
      if (!res.write(next.value)) await drainedOrGone(res);
      next = await reader.read();
    }
    res.end();
  } catch (err) {
    logger.warn({ err: String(err), path: req.url }, "answer stream failed");
    res.destroy();
  }
}

function drainedOrGone(res: ServerResponse): Promise<void> {
  return new Promise((done) => {
    const finish = () => {
      res.off("drain", finish);
      res.off("close", finish);
      done();
    };
    res.once("drain", finish);
    res.once("close", finish);
  });
}

/**
 * On a client's disconnect the compression middleware never ends its zlib stream, which then
 * outlives the response (Next's server does the same release: release-compression-stream.js).
 */
function releaseCompressionStream(res: ServerResponse): void {
  const noop = () => {};
  const stream = res.on("drain", noop) as unknown;
  if (stream === res || !(stream instanceof Duplex)) {
    res.off("drain", noop);
    return;
  }
  stream.destroy();
}
