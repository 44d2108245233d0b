import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { addressProblem, type GuardOptions } from "@/lib/webhooks/ip-ranges";
import { guardedLookup, hostOf } from "@/lib/webhooks/url-guard";

export type PostOutcome = {
  /** the HTTP status answered, null when none was (refused, network error, timeout) */
  statusCode: number | null;
  error: string | null;
  /** the first 1 KB of the answer's body */
  snippet: string | null;
  durationMs: number;
};

const SNIPPET_BYTES = 1024;

function errorFor(status: number, headers: IncomingHttpHeaders): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400)
    return `answered ${status}; redirects are not followed (Location: ${headers.location ?? "none"})`;
  return `answered ${status}`;
}

/**
 * One POST to a webhook endpoint with node:http(s), never following a redirect. The socket
 * connects only to addresses the SSRF guard accepted: a literal address is checked here, and a
 * host name is resolved by `guardedLookup`, so the address checked is the address connected
 * to. Everything, the answer's first 1 KB included, must happen within `timeoutMs`. No shared
 * agent: each attempt has its own connection, so no pooled socket outlives a DNS change.
 */
export function postWebhook(
  target: URL,
  body: string,
  headers: Record<string, string>,
  options: GuardOptions & { timeoutMs: number },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const host = hostOf(target);
  const refused = isIP(host) === 0 ? undefined : addressProblem(host, options);
  if (refused) {
    return Promise.resolve({
      statusCode: null,
      error: `refused to connect: ${refused}`,
      snippet: null,
      durationMs: 0,
    });
  }
  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    let responseHeaders: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    const finish = (networkError?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      const snippet = chunks.length
        ? Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString("utf8")
        : null;
      resolve({
        statusCode,
        error: statusCode === null ? (networkError ?? "no answer") : errorFor(statusCode, responseHeaders),
        snippet: snippet?.replaceAll("\u0000", "") ?? null,
        durationMs: elapsed(),
      });
    };
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options),
        agent: false,
      },
      (res) => {
        statusCode = res.statusCode ?? null;
        responseHeaders = res.headers;
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= SNIPPET_BYTES) finish();
        });
        res.on("end", () => finish());
        res.on("error", () => finish());
        res.on("close", () => finish());
      },
    );
    const timer = setTimeout(
      () => finish(`no answer within ${options.timeoutMs / 1000} s`),
      options.timeoutMs,
    );
    req.on("error", (error: NodeJS.ErrnoException) => finish(error.message.replaceAll("\u0000", "")));
    req.end(body);
  });
}
