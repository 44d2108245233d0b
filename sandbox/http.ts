import type { IncomingMessage, ServerResponse } from "node:http";
import { controlError } from "@/sandbox/graph-error";

const MAX_BODY_BYTES = 2 * 1024 * 1024;

export type SandboxRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  rawBody: Buffer;
  /** scheme://host of this request, for links the sandbox hands out */
  origin: string;
};

export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; bytes: Buffer; contentType: string; headers?: Record<string, string> };

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return { status, json: body, headers };
}

export async function readRequest(req: IncomingMessage): Promise<SandboxRequest> {
  const url = new URL(req.url ?? "/", "http://sandbox.invalid");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw controlError(413, `Request body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(buf);
  }
  return {
    method: (req.method ?? "GET").toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    rawBody: Buffer.concat(chunks),
    origin: `http://${req.headers.host ?? "127.0.0.1"}`,
  };
}

/** The body as JSON, or undefined when it is not JSON at all. */
export function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return undefined;
  }
}

export function writeReply(res: ServerResponse, reply: Reply, headOnly: boolean): void {
  if (res.destroyed || res.headersSent) return;
  const payload = "json" in reply ? Buffer.from(JSON.stringify(reply.json)) : reply.bytes;
  res.writeHead(reply.status, {
    "content-type": "json" in reply ? "application/json; charset=UTF-8" : reply.contentType,
    "content-length": String(payload.length),
    ...reply.headers,
  });
  res.end(headOnly ? undefined : payload);
}
