import type { IncomingMessage, ServerResponse } from "node:http";
import {
  receiveUpstreamNotification,
  UPSTREAM_RECEIVER_METHODS,
  UPSTREAM_RECEIVER_PATH,
  verifyUpstreamSubscription,
} from "@/lib/inbound/upstream-receiver";
import { logger } from "@/lib/logger";

/**
 * The upstream receiver on node:http (issue 33): scripts/web.ts hands it GET and POST
 * /webhooks/whatsapp before Next.js sees them. The request becomes a web Request, goes through
 * the receiver's one declaration (lib/inbound/upstream-receiver.ts: body bound, signature, store),
 * and its Response is written back with the headers Next adds to every answer (`headers`: the
 * build's security headers), so the answer is the one the route under app/ gives, without
 * Next's routing, its request wrapping and its response piping.
 */
export function isUpstreamReceiverRequest(req: IncomingMessage): boolean {
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  return (
    path === UPSTREAM_RECEIVER_PATH &&
    (UPSTREAM_RECEIVER_METHODS as readonly string[]).includes(req.method ?? "")
  );
}

/**
 * The body as a web stream that, when the reader gives up (a body over the limit), stops reading
 * without destroying the socket (Readable.toWeb would): the 413 is still written, with
 * `Connection: close`, and node closes the connection after it.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      // after a cancel the stream is closed already: a late end or error changes nothing
      req.once("end", () => {
        try {
          controller.close();
        } catch {}
      });
      req.once("error", (error) => {
        try {
          controller.error(error);
        } catch {}
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      req.removeAllListeners("data");
      req.pause();
    },
  });
}

function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  // the path matched exactly, so only the query is read from this URL (never the Host header)
  const url = new URL(req.url ?? UPSTREAM_RECEIVER_PATH, "http://localhost");
  const post = req.method === "POST";
  return new Request(url, {
    method: req.method,
    headers,
    ...(post ? { body: bodyStream(req), duplex: "half" } : {}),
  } as RequestInit);
}

export async function serveUpstreamReceiver(
  req: IncomingMessage,
  res: ServerResponse,
  headers: readonly { key: string; value: string }[],
): Promise<void> {
  let response: Response;
  try {
    const request = webRequest(req);
    response =
      req.method === "POST"
        ? await receiveUpstreamNotification(request)
        : await verifyUpstreamSubscription(request);
  } catch (err) {
    // not reached by any input the receiver reads (it answers those itself): a fault of ours
    logger.error({ err: String(err) }, "upstream receiver failed");
    response = new Response(null, { status: 500 });
  }
  const body = Buffer.from(await response.arrayBuffer());
  for (const h of headers) res.setHeader(h.key, h.value);
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  res.setHeader("Content-Length", body.byteLength);
  res.writeHead(response.status);
  res.end(body);
}
