import type { IncomingMessage } from "node:http";
import { ApiError } from "@/lib/api/errors";

const MiB = 1024 * 1024;

/**
 * Body limits per kind of route. /v1 JSON bodies are small (the largest is a template send);
 * the upstream's batched notifications are well under 1 MiB in practice (Meta batches up to
 * ~100 changes), so 3 MiB leaves margin; a dashboard import batch is 500 CSV rows.
 */
export const BODY_LIMITS = {
  v1Json: 1 * MiB,
  /** a broadcast with 10,000 inline recipients and a few variables each (about 300 bytes a recipient) */
  v1Broadcast: 5 * MiB,
  upstreamNotification: 3 * MiB,
  /** a Flows data endpoint request: a screen's fields (media arrive as references, not bytes) */
  flowEndpoint: 1 * MiB,
  dashboardJson: 1 * MiB,
  dashboardImport: 8 * MiB,
  /** next-auth's sign-in and sign-out forms: a few hundred bytes */
  signIn: 64 * 1024,
} as const;

export function tooLarge(limit: number): ApiError {
  return new ApiError(
    "PAYLOAD_TOO_LARGE",
    `The request body is larger than this endpoint accepts (${limit} bytes).`,
    { limit_bytes: limit },
    // the rest of the body is never read: closing the connection keeps the server from draining it
    { Connection: "close" },
  );
}

/**
 * Reads a request body of at most `limit` bytes, or throws PAYLOAD_TOO_LARGE (413): at once
 * when Content-Length announces more, else as soon as a streamed (chunked) body passes the
 * limit, cancelling the stream so that nothing beyond it is buffered. The only way any route
 * reads a body.
 */
export async function readBody(request: Request, limit: number): Promise<Buffer> {
  const node = nodeBodies.get(request);
  if (node) {
    nodeBodies.delete(request);
    return readNodeBody(node, limit);
  }
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > limit) {
    await request.body?.cancel().catch(() => {});
    throw tooLarge(limit);
  }
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * The node:http requests whose bodies back web Requests made without one (lib/api/serve-on-node.ts:
 * the /v1 API served before Next.js). readBody reads such a body straight from the node request,
 * under the same rule, instead of through a web stream made for it.
 */
const nodeBodies = new WeakMap<Request, IncomingMessage>();

export function bodyFromNode(request: Request, req: IncomingMessage): Request {
  nodeBodies.set(request, req);
  return request;
}

/**
 * readBody's rule for a node:http request (the upstream receiver served before Next.js): a
 * declared length over `limit` is refused before a byte is read, and the count stops at `limit`.
 * The rest of a refused body is left unread without destroying the socket, so the 413 (with
 * `Connection: close`) is still written and node closes the connection after it.
 */
export function readNodeBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > limit) {
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        req.off("data", onData);
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks, total)));
    req.once("error", reject);
  });
}
